import { NotFoundException } from '@nestjs/common';
import { allowOnly } from '../modules/policies/deny';

/**
 * The one rule for another user's resource: an id that does not exist answers 404; one that exists
 * but belongs to someone else answers 403 with a message (ids are random UUIDs, so a 403 reveals
 * nothing that could be guessed).
 */
export function assertOwned<T extends { userId: string | null }>(
  found: T | null | undefined,
  userId: string,
  what: string,
): T {
  if (!found) throw new NotFoundException(`There is no ${what} with that id.`);
  requireOwnedBy(found, userId, what);
  return found;
}

/** The 403 half of assertOwned, for a row already found (and its message, for rules that also let others in). */
export function requireOwnedBy(found: { userId: string | null }, userId: string, what: string): void {
  allowOnly(found.userId === userId, someoneElses(what));
}

export const someoneElses = (what: string) => `This ${what} belongs to someone else.`;
