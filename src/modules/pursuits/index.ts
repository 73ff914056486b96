/** What other modules may use: pursuits. */
export { PursuitsService, MAX_MILESTONES } from './pursuits.service';
export type * from '../../contracts/pursuits';
