/** Listing boosts: a paid period in which one listing leads matching market searches, marked "Sponsored". */
import type { Money } from './common';

/** Queued behind a running boost, running now, or ended (its days ran out, the listing left the market, refunded). */
export type BoostState = 'scheduled' | 'running' | 'expired' | 'unpublished' | 'refunded';

export interface ListingBoost {
  id: string;
  listing: { id: string; name: string; slug: string } | null;
  order_id: string;
  order_number: string;
  starts_at: string;
  ends_at: string;
  ended_at: string | null;
  state: BoostState;
  /** The state in words, with what was given back ("Ended when the listing was unpublished: $12.43 refunded"). */
  state_label: string;
  paid: Money;
  refunded: Money | null;
}

/** A listing its owner may boost: published, public, unarchived and on the map (what market search shows). */
export interface BoostableListing {
  id: string;
  name: string;
  city: string | null;
  /** The end of its running or queued boosts: a new boost starts then. */
  boosted_until: string | null;
}
