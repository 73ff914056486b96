/**
 * Domain events one module publishes and others consume (through `DomainEvents` in src/modules/events).
 * Each event has a stable id chosen by its publisher (e.g. `order.paid|<orderId>`), so a consumer that sees the
 * same id twice does nothing the second time.
 */

import type { TourMode } from './tours';

export interface DomainEventEnvelope<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  occurred_at: string;
  payload: DomainEventMap[N];
}

export interface OrderLineEvent {
  line_id: string;
  product_id: string;
  variant_id: string;
  /** Product category slug (e.g. `credit-packs`, `listing-boosts`): commission rules are set per category. */
  category: string;
  quantity: number;
  unit_price_minor: number;
  total_minor: number;
}

/** Commerce: an order's payment succeeded (published once per order). */
export interface OrderPaidEvent {
  order_id: string;
  order_number: string;
  user_id: string | null;
  email: string;
  currency: string;
  subtotal_minor: number;
  total_minor: number;
  paid_at: string;
  /** The affiliate referral the checkout carried (code), or null. */
  referral_code: string | null;
  lines: OrderLineEvent[];
}

/** Commerce: money went back to the buyer (published once per refund). */
/** A listing boost ended before its days ran out: the unused part of what was paid goes back (commerce refunds). */
export interface BoostEndedEvent {
  boost_id: string;
  order_id: string;
  order_line_id: string;
  reason: 'unpublished';
  /** Minor units of the line to refund (the unused days' share, rounded down); 0 refunds nothing. */
  refund_minor: number;
}

export interface OrderRefundedEvent {
  order_id: string;
  refund_id: string;
  user_id: string | null;
  currency: string;
  amount_minor: number;
  /** True when the order is now refunded in full. */
  full: boolean;
  refunded_at: string;
  /** Lines the refund covers with their refunded amounts (empty when the refund is not tied to lines). */
  lines: Array<{ line_id: string; amount_minor: number }>;
}

/** Accounts: a user registered (after the row is committed). */
export interface UserRegisteredEvent {
  user_id: string;
  email: string;
  registered_at: string;
  /** What the browser carried at sign-up: the tracked-link click (HttpOnly cookie) and the stored `ref` code. */
  attribution: { click: string | null; code: string | null } | null;
}

/** Accounts: a user confirmed their email address (published once, when the link is first followed). */
export interface UserVerifiedEvent {
  user_id: string;
  verified_at: string;
}

/** Affiliates: a new account was bound to the affiliate who referred it (once per referred account). */
export interface AffiliateReferredEvent {
  affiliate_user_id: string;
  referred_user_id: string;
  bound_at: string;
}

/** Properties: a property was saved (its listing, price, status or visibility may have changed). */
export interface PropertyChangedEvent {
  property_id: string;
}

/** Open houses: someone registered for an open house (once per registration). */
export interface OpenHouseRegisteredEvent {
  rsvp_id: string;
  open_house_id: string;
  property_id: string;
  user_id: string | null;
  name: string;
  email: string;
  registered_at: string;
}

/** Chats: a user opened a new direct chat with another (a chat request; once per chat). */
export interface ChatRequestedEvent {
  chat_id: string;
  from_user_id: string;
  to_user_id: string;
  requested_at: string;
  /**
   * Set when another area opened the chat on the user's behalf (e.g. `tour:<id>` for a tour request): that area's
   * own event is the CRM lead, so the chat request is not a second one. Absent for chats people start themselves.
   */
  origin?: string | null;
}

/** People: a user followed another (each follow; following again after an unfollow is a new event). */
export interface UserFollowedEvent {
  follower_id: string;
  followee_id: string;
  followed_at: string;
}

/** Tours: a buyer asked a listing's realtor for a tour (once per tour request). */
export interface TourRequestedEvent {
  tour_id: string;
  property_id: string;
  buyer_id: string;
  realtor_id: string;
  mode: TourMode;
  offered_times: string[];
  requested_at: string;
}

/**
 * Affiliates: an account became able to be paid (approved, or unbanned); money other areas hold for the user
 * waiting for a payout account (a settled lead sale in the CRM) goes to it now.
 */
export interface AffiliateApprovedEvent {
  affiliate_id: string;
  user_id: string;
  approved_at: string;
}

export interface DomainEventMap {
  'order.paid': OrderPaidEvent;
  'order.refunded': OrderRefundedEvent;
  'boost.ended': BoostEndedEvent;
  'user.registered': UserRegisteredEvent;
  'affiliate.referred': AffiliateReferredEvent;
  'property.changed': PropertyChangedEvent;
  'user.verified': UserVerifiedEvent;
  'open_house.registered': OpenHouseRegisteredEvent;
  'chat.requested': ChatRequestedEvent;
  'user.followed': UserFollowedEvent;
  'tour.requested': TourRequestedEvent;
  'affiliate.approved': AffiliateApprovedEvent;
}

export type DomainEventName = keyof DomainEventMap;
