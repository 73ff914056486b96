import { requireOwnedBy, someoneElses } from '../../common/ownership.policy';
import { allowOnly, deny, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';

/**
 * Who may do what to a design. A design is its owner's; an admin reads and changes any (support); a creative
 * manager the owner granted `designs:read` or `designs:edit` (open-creative's delegation) reads or changes it,
 * each act logged there. Chatting about a design and reporting its chat stay the owner's alone. Services load the
 * design (404 when absent) and the grant, then call these.
 */

const SOMEONE_ELSES = someoneElses('design');

type Owned = { userId: string };

/** The owner or an admin; nobody else (no grant counts). */
export function requireOwnerOrAdmin(user: Pick<User, 'id' | 'role'>, design: Owned): void {
  allowOnly(isOwnerOrAdmin(user, design.userId), SOMEONE_ELSES);
}

/** The owner themself: regenerating from a design, saving it as a dream. */
export function requireOwner(user: Pick<User, 'id'>, design: Owned): void {
  requireOwnedBy(design, user.id, 'design');
}

/** Someone who is neither the owner nor an admin reads or changes the design only with the owner's grant. */
export function requireGrant(granted: boolean): void {
  allowOnly(granted, SOMEONE_ELSES);
}

/** The edit view: the owner, an admin or a delegate with the edit grant. */
export function requireEditor(user: Pick<User, 'id'>, design: Owned, delegated: boolean): void {
  allowOnly(design.userId === user.id || delegated, 'Only the owner can edit this design.');
}

/** The design chat spends the owner's AI budget and talks about their home: the owner's only. */
export function requireChatOwner(user: Pick<User, 'id'>, design: Owned): void {
  allowOnly(design.userId === user.id, 'Only the owner can chat about this design.');
}

export function requireChatReporter(user: Pick<User, 'id'>, ownerId: string | null): void {
  allowOnly(ownerId === user.id, 'Only the owner can report messages of this design chat.');
}

/** Saved prompts are private to their author. */
export function requireOwnPrompt(user: Pick<User, 'id'>, prompt: Owned): void {
  requireOwnedBy(prompt, user.id, 'prompt');
}

/** A style from a pack is used only by someone who holds the pack (checked before anything is spent). */
export function denyLockedStyle(style: string, packTitle: string | undefined): never {
  deny(`The ${style} style comes with the ${packTitle ?? 'style pack'}: buy it in the marketplace to use it.`);
}
