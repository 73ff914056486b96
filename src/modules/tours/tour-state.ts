import type { TourAction, TourSide, TourStatus } from '../../contracts/tours';

/**
 * The tour request state machine (pure). Times pass back and forth: the side that did NOT offer the times on the
 * table may confirm one of them or offer others; the realtor may decline an open request; either side may cancel
 * anything not yet over. declined and cancelled are final.
 *
 *   requested (buyer offered)  --realtor confirm--> confirmed   --realtor propose--> proposed   --decline--> declined
 *   proposed (realtor offered) --buyer confirm----> confirmed   --buyer propose----> requested
 *   confirmed                  --either propose---> requested/proposed (a reschedule)  --cancel--> cancelled
 */
export const OPEN_STATUSES: TourStatus[] = ['requested', 'proposed', 'confirmed'];

/** Whose answer an open request waits for. */
export function awaiting(status: TourStatus): TourSide | null {
  return status === 'requested' ? 'realtor' : status === 'proposed' ? 'buyer' : null;
}

/** The next status, 'forbidden' (the action is not this side's to take: 403) or 'illegal' (not from here: 409). */
export function nextStatus(
  status: TourStatus,
  action: TourAction,
  side: TourSide,
): TourStatus | 'forbidden' | 'illegal' {
  if (!OPEN_STATUSES.includes(status)) return 'illegal';
  switch (action) {
    case 'cancel':
      return 'cancelled';
    case 'decline':
      if (side !== 'realtor') return 'forbidden';
      return status === 'confirmed' ? 'illegal' : 'declined';
    case 'confirm':
      if (status === 'confirmed') return 'illegal';
      return awaiting(status) === side ? 'confirmed' : 'forbidden';
    case 'propose':
      if (status !== 'confirmed' && awaiting(status) !== side) return 'forbidden';
      return side === 'buyer' ? 'requested' : 'proposed';
  }
}

/** What `side` may do now (the page shows these buttons). */
export function allowedActions(status: TourStatus, side: TourSide): TourAction[] {
  return (['confirm', 'propose', 'decline', 'cancel'] as TourAction[]).filter((a) => {
    const next = nextStatus(status, a, side);
    return next !== 'forbidden' && next !== 'illegal';
  });
}
