/** What other modules may use: the journal's writing and reading services. */
export { JournalService } from './journal.service';
export { JournalReadService } from './journal-read.service';
export type * from '../../contracts/journal';
