/** Wire types of the realtor CRM (contacts, leads, routing), shared by the server mapper and the client pages. */
import type { AffiliateStatus } from './affiliates';
import type { Page } from './common';

export type ContactStage = 'new' | 'contacted' | 'appointment' | 'under_contract' | 'closed' | 'lost';
export type LeadSource =
  | 'listing_inquiry'
  | 'open_house'
  | 'chat_request'
  | 'follow'
  | 'website'
  | 'import'
  | 'manual'
  | 'campaign'
  | 'qr'
  | 'credits'
  | 'tour';
export type LeadStatus = 'assigned' | 'claimable' | 'contacted';
export type RoutingTarget = 'agent' | 'round_robin' | 'first_to_claim';
export type ActivityKind =
  'lead' | 'note' | 'stage' | 'task' | 'assigned' | 'merged' | 'unmerged' | 'imported' | 'email' | 'gift';

export interface ContactJson {
  id: string;
  team_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  stage: ContactStage;
  source: LeadSource;
  tags: string[];
  agent: { id: string; name: string } | null;
  consent_version: string | null;
  last_activity_at: string;
  created_at: string;
}

export interface ActivityJson {
  id: string;
  kind: ActivityKind;
  source: LeadSource | null;
  body: string;
  data: Record<string, unknown>;
  actor_id: string | null;
  created_at: string;
}

export interface TaskJson {
  id: string;
  title: string;
  due_at: string;
  done_at: string | null;
  overdue: boolean;
}

export interface MergeJson {
  id: string;
  merged_id: string;
  merged_name: string;
  undone_at: string | null;
  created_at: string;
}

export interface LeadJson {
  id: string;
  contact_id: string;
  contact_name: string;
  source: LeadSource;
  message: string;
  status: LeadStatus;
  agent_id: string | null;
  routing_reason: string;
  zip: string | null;
  price_minor: number | null;
  property_type: string | null;
  created_at: string;
  contacted_at: string | null;
}

export interface RoutingRuleJson {
  id: string;
  position: number;
  name: string;
  source: LeadSource | null;
  zips: string[];
  price_min_minor: number | null;
  price_max_minor: number | null;
  property_type: string | null;
  target: RoutingTarget;
  agent_ids: string[];
}

export interface CrmSettingsJson {
  /** A lead not contacted within this many minutes is passed to the next agent. */
  speed_to_lead_minutes: number;
  /** New followers of the team's realtors become leads (off unless the team opts in). */
  follows_as_leads: boolean;
}

export interface IntakeResult {
  contact_id: string;
  lead_id: string;
  /** False when the person was already a contact of this book (a new activity was added instead). */
  created_contact: boolean;
  /** False when this submission had been received before (a replay or a repeated event). */
  created_lead: boolean;
}

/** One lead of a signed batch: its intake's answer, or what the lead alone would have been answered instead. */
export interface IntakeBatchItem {
  external_id: string;
  /** 200, or the refusal's status (422 a malformed email or phone, 429 the book's intake limit). */
  status: number;
  result: IntakeResult | null;
  message: string | null;
  errors: Record<string, string[]> | null;
}

/** A signed batch's answer: one item per lead, in the order sent. */
export interface IntakeBatchResult {
  results: IntakeBatchItem[];
}

export interface ImportReport {
  created: number;
  merged: number;
  skipped: number;
  rows: Array<{ line: number; outcome: 'created' | 'merged' | 'skipped'; reason: string | null }>;
}

/** The live event an agent gets on `private-crm.agent.{userId}` when a lead is routed to them. */
export interface LeadRoutedEvent {
  lead: LeadJson;
}

export interface ContactsIndexProps {
  /** The current team's contact book, with your role in it. */
  book: { id: string; name: string; role: string };
  /** `total_is_capped`: more than `total` match ("10,000+"); the total is counted only up to a cap. */
  contacts: Page<ContactJson> & { total_is_capped: boolean };
  filters: { q: string; stage: string; tag: string; source: string; agent: string };
  stages: ContactStage[];
  sources: LeadSource[];
  agents: Array<{ id: string; name: string }>;
}

export interface ContactShowProps {
  contact: ContactJson;
  activities: ActivityJson[];
  tasks: TaskJson[];
  merges: MergeJson[];
  stages: ContactStage[];
  can_manage: boolean;
}

export interface MyLeadsProps {
  me: string;
  leads: Page<LeadJson>;
  claimable: LeadJson[];
}

// ---- lead marketplace --------------------------------------------------------------------------------------------

/** An offer is open while copies are left (one for an exclusive offer, up to its buyer limit for a shared one). */
export type OfferStatus = 'open' | 'sold';
/** One buyer's sale: sold (in the dispute window), disputed, refunded, or settled (the seller is paid). */
export type SaleStatus = 'sold' | 'disputed' | 'refunded' | 'settled';
/** Why a buyer disputes: a duplicate or an invalid phone is checked and refunded at once; anything else waits. */
export type DisputeKind = 'duplicate' | 'invalid_phone' | 'other';
export type OfferTimeline = 'now' | '1-3_months' | '3-6_months' | '6+_months';

/** An offered lead as other realtors see it: no name, email or phone until bought. */
export interface MaskedOfferJson {
  id: string;
  area: string | null;
  price_band: string | null;
  property_type: string | null;
  timeline: string;
  source: LeadSource;
  /** Image credits, 0 when the offer is priced in money (then `price` says how much, bought through the cart). */
  price_credits: number;
  price: { amount_minor: number; currency: string } | null;
  mine: boolean;
  /** How many books may buy it (1 = exclusive), and how many copies are left. */
  max_buyers: number;
  buyers_left: number;
  created_at: string;
}

/** A lead the signed-in realtor bought: the contact copied into their book, and the dispute window. */
export interface PurchaseJson extends MaskedOfferJson {
  /** This buyer's sale (a shared offer has one per buyer). */
  sale_id: string;
  status: SaleStatus;
  contact_id: string | null;
  contact_name: string;
  contact_email: string | null;
  contact_phone: string | null;
  claimed_at: string;
  dispute_ends_at: string;
  can_dispute: boolean;
}

/** A disputed sale refunded to its buyer. */
export interface RefundJson {
  status: 'refunded';
  refunded_credits: number;
  /** A money sale's commerce refund (null for a credits sale). */
  refunded: { amount_minor: number; currency: string } | null;
}

export interface MarketplaceProps {
  offers: Page<MaskedOfferJson>;
  purchases: Page<PurchaseJson>;
  claims_left_today: number;
  credits: number;
  /** What the realtor's money sales earned them (prices minus the platform fee, less refunds), per currency. */
  earnings: SellerEarningsJson[];
  /** The realtor's affiliate account, through which settled sales are paid (null status: never applied). */
  payout_account: { status: AffiliateStatus | null; currency: string };
}

/** A seller's lead-sale money in one currency, in minor units. */
export interface SellerEarningsJson {
  currency: string;
  /** Sales still in their 72-hour dispute window (or disputed): not payable yet. */
  pending_minor: number;
  /** Settled and moved to the seller's affiliate payout balance, paid with the next payout batch. */
  transferred_minor: number;
  /** Settled, but waiting for an approved payout account (in the payouts' currency) to move to. */
  awaiting_minor: number;
}

/** Leads/Routing: the book's ordered rules and the agents a rule may name. */
export interface RoutingPageProps {
  rules: RoutingRuleJson[];
  agents: Array<{ id: string; name: string }>;
}
