// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './authorization.cases';
import './checkout-local.cases';
import './checkout-stripe.cases';
import './deliveries.cases';
import './discounts.cases';
import './rules.cases';
