/** What other modules may use: the read service and the entries service (bonus entries for referrals/shares). */
export { SweepstakesService } from './sweepstakes.service';
export { SweepstakesEntriesService, type BonusEntryAward } from './sweepstakes-entries.service';
export type * from '../../contracts/sweepstakes';
