// The area's server tests in one Jest file: each case file keeps its own app and hooks inside its describe,
// but the app's modules load once (loading them is most of a small test file's CPU time; docs/CONVENTIONS.md).
import './authorization.cases';
import './people.cases';
import './profile-cache.cases';
import './conditional-get.cases';
// Neighbouring areas too small for a Jest file of their own (each would load the app once more):
import '../users/users-api.cases';
import '../settings/settings.cases';
