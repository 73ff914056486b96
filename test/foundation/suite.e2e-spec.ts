// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './events-timers.cases';
import './inertia-http.cases';
import './media.cases';
import './openapi.cases';
import './test-layout.cases';
import './typed-config.cases';
