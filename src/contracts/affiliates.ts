/** Affiliate programme: applications, links, commissions, payouts. Money is integer minor units. */
import type { Page } from './common';

export type AffiliateStatus = 'pending' | 'approved' | 'rejected' | 'banned';
export type PayoutMethod = 'manual' | 'paypal' | 'crypto';
export type CommissionStatus = 'pending' | 'approved' | 'paid' | 'reversed' | 'cancelled';
/** queued → sent (paid), or failed; a bank transfer waits in awaiting_bank until an admin confirms the bank paid it. */
export type PayoutStatus = 'queued' | 'awaiting_bank' | 'sent' | 'failed';
export type BatchStatus = 'preview' | 'running' | 'completed' | 'cancelled';
export type TaxFormStatus = 'submitted' | 'approved' | 'rejected';

export interface AffiliateJson {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  code: string;
  status: AffiliateStatus;
  website: string | null;
  audience: string | null;
  payout_method: PayoutMethod;
  /** PayPal email or USDC address; shown masked to anyone but the affiliate and admins. */
  payout_destination: string | null;
  accepted_guidelines_version: number | null;
  guidelines_current: boolean;
  minimum_payout_minor: number;
  recruiter_id: string | null;
  status_reason: string | null;
  created_at: string;
}

export interface GuidelinesJson {
  version: number;
  body: string;
  published_at: string;
}

export interface AffiliateLinkJson {
  id: string;
  token: string;
  destination: string;
  campaign: string | null;
  clicks: number;
  /** The shareable URL (`/r/<token>`). */
  url: string;
  /** An SVG QR code of `url` (data URL). */
  qr_svg: string | null;
  created_at: string;
}

export interface CommissionJson {
  id: string;
  tier: 1 | 2;
  order_number: string;
  category: string;
  base_minor: number;
  amount_minor: number;
  currency: string;
  status: CommissionStatus;
  /** Why the commission is in this state, in words a person understands. */
  status_reason: string;
  /** When it will move next (end of the refund window), or null when it will not move by itself. */
  moves_at: string | null;
  created_at: string;
}

/** An entry of an affiliate's audit trail as admins read it. */
export interface AffiliateAuditJson {
  id: string;
  action: string;
  reason: string | null;
  actor_name: string | null;
  data: Record<string, unknown>;
  created_at: string;
}

export interface BalanceJson {
  currency: string;
  pending_minor: number;
  available_minor: number;
  paid_minor: number;
  minimum_payout_minor: number;
  /** Why the available balance is not paid out next time, or null. */
  hold_reason: string | null;
  next_payout_date: string;
}

export interface PayoutJson {
  id: string;
  batch_id: string;
  affiliate_id: string;
  affiliate_name: string;
  amount_minor: number;
  currency: string;
  method: PayoutMethod;
  status: PayoutStatus;
  failure_reason: string | null;
  provider_reference: string | null;
  created_at: string;
}

/** What a batch did, from its transfers: paid only when every transfer was sent. */
export type BatchOutcome =
  'preview' | 'cancelled' | 'in_progress' | 'awaiting_bank' | 'paid' | 'partly_paid' | 'failed' | 'empty';

export interface PayoutBatchJson {
  id: string;
  status: BatchStatus;
  outcome: BatchOutcome;
  /** "Paid (2 of 2)", "Partly paid (1 of 2)", "Failed (0 of 2 paid)", "In progress (1 of 3 paid)". */
  outcome_label: string;
  payout_count: number;
  total_minor: number;
  currency: string;
  processed: number;
  sent: number;
  failed: number;
  /** Bank transfers exported and waiting for an admin to confirm the bank paid them. */
  awaiting: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface PayoutPreviewLine {
  affiliate_id: string;
  affiliate_name: string;
  method: PayoutMethod;
  amount_minor: number;
}

export interface PayoutPreviewJson {
  batch: PayoutBatchJson;
  lines: PayoutPreviewLine[];
  /** Affiliates with a balance who are left out, and why (below minimum, tax form missing...). */
  held: Array<{ affiliate_id: string; affiliate_name: string; amount_minor: number; reason: string }>;
}

export interface BatchProgressEvent {
  batch_id: string;
  step: 'started' | 'paying' | 'completed';
  processed: number;
  total: number;
  sent: number;
  failed: number;
}

export interface TaxFormJson {
  id: string;
  affiliate_id: string;
  kind: 'w9' | 'w8ben';
  status: TaxFormStatus;
  file_url: string;
  review_note: string | null;
  created_at: string;
}

export interface MaterialJson {
  id: string;
  title: string;
  kind: 'image' | 'copy';
  body: string | null;
  image_url: string | null;
  created_at: string;
}

export interface ReferralJson {
  user_name: string;
  source: 'link' | 'code';
  bound_at: string;
}

export interface RecruitJson {
  affiliate_id: string;
  name: string;
  status: AffiliateStatus;
  override_earned_minor: number;
  joined_at: string;
}

export interface FraudFlagJson {
  id: string;
  affiliate_id: string;
  affiliate_name: string;
  kind: 'self_referral';
  detail: string;
  status: 'open' | 'dismissed';
  created_at: string;
}

export interface AffiliateDashboardJson {
  affiliate: AffiliateJson;
  balance: BalanceJson;
  clicks_by_day: Array<{ day: string; clicks: number }>;
  recent_commissions: CommissionJson[];
  referral_count: number;
}

export type CommissionPage = Page<CommissionJson>;
