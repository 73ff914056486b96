/** What other modules may use: trust levels and gates, flags and the review queue. */
export { TrustService } from './trust.service';
export { ModerationService, type ModeratedKind } from './moderation.service';
export { FLAG_HIDE_THRESHOLD, TRUST_GATES, TRUST_LEVELS, trustLevelOf, type TrustGate } from './trust-levels';
export { FLAG_REASONS, FlagDto } from './dto/community.dto';
export { toAuthorJson } from './community.mapper';
export { heldNotice, writtenSubject } from './held';
export { requireMaySee } from './community.policy';
export type { Subject as ModeratedSubject } from './community.repository';
export type * from '../../contracts/community';
