import { allowOnly } from '../policies';
import type { User } from '../users';

/**
 * Who may do what in the service directory. A provider profile and its offerings are changed by the provider only;
 * a review is written by someone who has talked with the provider in a chat (a review from a stranger proves
 * nothing), never by the provider themself.
 */

const NO_CONVERSATION = 'Message this provider through Reelty first: reviews come from people who talked to them.';

export function requireProvider<T>(provider: T | null | undefined): asserts provider is T {
  allowOnly(!!provider, 'Set up your provider profile first.');
}

export function requireOfferingOwner(user: Pick<User, 'id'>, providerUserId: string | undefined): void {
  allowOnly(providerUserId === user.id, 'Only the provider can change this offering.');
}

/**
 * Why the user may not review the provider, or null when they may (also shown on the profile page); `hasTalked` is
 * asked only when it matters (it costs a read).
 */
export async function reviewRefusal(
  user: Pick<User, 'id'>,
  providerUserId: string,
  hasTalked: () => Promise<boolean>,
): Promise<string | null> {
  if (providerUserId === user.id) return 'You cannot review your own profile.';
  return (await hasTalked()) ? null : NO_CONVERSATION;
}

export function requireMayReview(refusal: string | null): void {
  allowOnly(refusal === null, refusal ?? '');
}
