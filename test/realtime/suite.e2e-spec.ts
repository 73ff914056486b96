// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './app-broadcasting.cases';
import './app-webhooks-signin.cases';
import './authorization.cases';
import './cache-and-signin.cases';
import './channels.cases';
import './cluster-redis.cases';
import './echo-broadcaster.cases';
import './http-api.cases';
import './node-crash.cases';
import './parity.cases';
import './presence.cases';
import './protocol-errors.cases';
// Neighbouring areas too small for a Jest file of their own (each would load the app once more):
import '../notifications/notifications.cases';
