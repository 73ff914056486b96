import { iso } from '../../common/iso';
import { formatMinor } from '../../common/money';
import type { BoostState, ListingBoost } from '../../contracts/boosts';
import { boostState } from './boost-rules';
import type { BoostRow } from './boosts.repository';

/** A boost's state in words, with the money given back when it ended early. */
export function boostLabel(state: BoostState, b: BoostRow): string {
  const day = (d: Date) => iso(d).slice(0, 10);
  const back = b.refund_minor !== null ? `: ${formatMinor(Number(b.refund_minor), b.currency)} refunded` : '';
  switch (state) {
    case 'scheduled':
      return `Starts ${day(b.starts_at)}, after the listing's current boost`;
    case 'running':
      return `Sponsored in market search until ${day(b.ends_at)}`;
    case 'expired':
      return `Ran until ${day(b.ends_at)}`;
    case 'unpublished':
      return `Ended when the listing left the market${back}`;
    case 'refunded':
      return 'Ended: the purchase was refunded';
  }
}

export function toListingBoostJson(b: BoostRow, listing: ListingBoost['listing'], now: Date): ListingBoost {
  const state = boostState(b, now);
  return {
    id: b.id,
    listing,
    order_id: b.order_id,
    order_number: b.order_number,
    starts_at: iso(b.starts_at),
    ends_at: iso(b.ends_at),
    ended_at: b.ended_at ? iso(b.ended_at) : null,
    state,
    state_label: boostLabel(state, b),
    paid: { amount_minor: Number(b.paid_minor), currency: b.currency },
    refunded: b.refund_minor !== null ? { amount_minor: Number(b.refund_minor), currency: b.currency } : null,
  };
}
