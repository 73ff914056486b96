import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';

/**
 * Who may change video work (videos, walkthroughs, spots, video lists): its owner and admins; a creative manager
 * with the owner's `walkthroughs:edit` or `spots:edit` grant (open-creative's delegation, checked again on the write)
 * changes a walkthrough or spot but never moves it to another listing. Who may *watch* is VideoAccessService's
 * (it depends on what is published).
 */

export type VideoWork = 'video' | 'walkthrough' | 'spot' | 'video list';

/** The owner or an admin. */
export function managesVideoWork(work: { userId: string | null }, user: Pick<User, 'id' | 'role'> | null | undefined) {
  return isOwnerOrAdmin(user, work.userId);
}

/** `allowed`: the owner, an admin, or (walkthroughs and spots) a delegate with the grant. */
export function requireVideoManager(allowed: boolean, work: VideoWork, verb = 'change'): void {
  allowOnly(allowed, `You cannot ${verb} a ${work} that is not yours.`);
}

/** A delegate edits what the owner made, where it is: moving it to another listing stays the owner's. */
export function requireSameListing(
  delegated: boolean,
  listingId: string | null | undefined,
  current: string | null,
  work: 'walkthrough' | 'spot',
): void {
  allowOnly(
    !delegated || listingId === undefined || listingId === current,
    `A creative manager cannot move a ${work} to another listing.`,
  );
}
