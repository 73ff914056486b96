// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './authorization.cases';
import './http.cases';
import './leads.service.cases';
import './marketing.service.cases';
import './marketplace.cases';
import './mail.cases';
import './farm.cases';
import './marketplace-money.cases';
import './marketplace-shared.cases';
