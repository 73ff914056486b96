// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './authorization.cases';
import './society.cases';
// Neighbouring areas too small for a Jest file of their own (each would load the app once more):
import '../channels/channels.cases';
import '../wiki/wiki.cases';
import '../pursuits/pursuits.cases';
import '../directory/directory.cases';
