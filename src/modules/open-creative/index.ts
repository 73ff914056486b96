/** What other modules may use: delegated access checks (and the marketplace service). */
export { DelegationService, covers, type DelegatedResource } from './delegation.service';
export { OpenCreativeService } from './open-creative.service';
export type * from '../../contracts/open-creative';
