/** What other modules may use of the arena: its services and wire types. */
export { ArenaEntriesService } from './arena-entries.service';
export { ArenaBattlesService } from './arena-battles.service';
export { ArenaRatingsService } from './arena-ratings.service';
export { ArenaQueueService } from './arena-queue.service';
export type * from '../../contracts/arena';
export { ArenaWarsService } from './arena-wars.service';
export { ArenaSquadsService } from './arena-squads.service';
export { ArenaIntegrityService } from './arena-integrity.service';
export { ArenaChallengesService } from './arena-challenges.service';
