// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (docs/CONVENTIONS.md).
import './authorization.cases';
import './http.cases';
import './rollup.cases';
