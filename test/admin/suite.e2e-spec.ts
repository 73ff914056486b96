// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './authorization.cases';
import './bulk-users.cases';
import './catalogue.cases';
import './metrics.cases';
import './moderation-marketing.cases';
import './profile-stickers.cases';
import './users.cases';
