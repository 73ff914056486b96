import { allowOnly } from '../policies';

/**
 * Who may do what with a tour request: only its two sides, the buyer who asked and the listing's realtor; each
 * answer belongs to one side at a time (tour-state.ts: the side whose turn it is), so the other side waits.
 */

export function requireParty<T>(side: T | null | undefined): asserts side is T {
  allowOnly(!!side, 'This tour is between the buyer and the listing’s realtor.');
}

/** tour-state's `forbidden`: the action is the other side's now. */
export function requireTurn<T>(next: T | 'forbidden'): asserts next is Exclude<T, 'forbidden'> {
  allowOnly(next !== 'forbidden', 'The other side answers this tour request now.');
}
