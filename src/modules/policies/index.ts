export { allowOnly, deny } from './deny';
export { isOwnerOrAdmin } from './owner-or-admin';
export { Authorize, PolicyChecks, PolicyGuard, type PolicyCheck } from './policy-checks';
export { PoliciesModule } from './policies.module';
