export { allowOnly, deny } from './deny';
export { Authorize, PolicyChecks, PolicyGuard, type PolicyCheck } from './policy-checks';
export { PoliciesModule } from './policies.module';
