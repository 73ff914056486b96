import { allowOnly } from '../policies';
import type { ModerationState } from '../../contracts/community';
import { heldNotice } from './held';
import { GATE_MESSAGES, TRUST_GATES, type TrustGate } from './trust-levels';

/**
 * Who may do what across the community (journal, wiki, societies, channels): trust levels gate what a new account
 * may do (trust-levels.ts), held items show only to the privileged (author, moderators, admins), nobody likes or
 * flags their own post, and only a moderator of the post's group decides on a review.
 */

export function requireTrust(level: number, gate: TrustGate): void {
  allowOnly(level >= TRUST_GATES[gate], GATE_MESSAGES[gate]);
}

/** A held item (not visible) shows only to the `privileged` (its author, the group's moderators, admins). */
export function requireMaySee(state: ModerationState, privileged: boolean, what: string): void {
  if (state !== 'visible') allowOnly(privileged, heldNotice(what, state));
}

export function requireNotOwnPost(userId: string, authorId: string | null, verb: 'like' | 'flag'): void {
  allowOnly(userId !== authorId, `You cannot ${verb} your own post.`);
}

export function requireModerator(allowed: boolean): void {
  allowOnly(allowed, 'Only a moderator can decide on this post.');
}
