// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './app-key.cases';
import './auth-limits.cases';
import './bad-input.cases';
import './dev-exposure.cases';
import './headers.cases';
import './media-children.cases';
import './realtime-limits.cases';
import './redis-outage.cases';
import './rsvp-abuse.cases';
