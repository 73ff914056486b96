import type {
  AffiliateStatus,
  CommissionStatus,
  PayoutMethod,
  PayoutStatus,
  BatchStatus,
} from '../../contracts/affiliates';

/** Rows as the repository returns them (snake_case columns, bigint money as numbers: amounts stay far below 2^53). */
export interface AffiliateRow {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  code: string;
  status: AffiliateStatus;
  website: string | null;
  audience: string | null;
  payout_method: PayoutMethod;
  payout_destination: string | null;
  accepted_guidelines_version: number | null;
  minimum_payout_minor: number | null;
  recruiter_id: string | null;
  status_reason: string | null;
  email_key: string;
  created_at: Date;
}

export interface CommissionRow {
  id: string;
  affiliate_id: string;
  tier: 1 | 2;
  parent_id: string | null;
  order_id: string;
  order_number: string;
  order_line_id: string;
  category: string;
  base_minor: number;
  amount_minor: number;
  currency: string;
  status: CommissionStatus;
  status_before_ban: CommissionStatus | null;
  status_reason: string;
  moves_at: Date | null;
  payout_id: string | null;
  created_at: Date;
}

export interface PayoutRow {
  id: string;
  batch_id: string;
  affiliate_id: string;
  affiliate_name: string;
  amount_minor: number;
  currency: string;
  method: PayoutMethod;
  destination: string | null;
  idempotency_key: string;
  status: PayoutStatus;
  failure_reason: string | null;
  provider_reference: string | null;
  created_at: Date;
}

export interface BatchRow {
  id: string;
  status: BatchStatus;
  currency: string;
  payout_count: number;
  total_minor: number;
  processed: number;
  sent: number;
  failed: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export type LedgerBucket = 'pending' | 'available' | 'in_transit' | 'paid' | 'reversed' | 'cancelled';

export interface LedgerEntry {
  affiliate_id: string;
  commission_id?: string | null;
  payout_id?: string | null;
  bucket: LedgerBucket;
  amount_minor: number;
  currency: string;
  reason: string;
}

/** A movement of money from one bucket to another: two ledger rows that sum to zero. */
export function move(
  from: LedgerBucket,
  to: LedgerBucket,
  base: Omit<LedgerEntry, 'bucket' | 'amount_minor'>,
  amount: number,
): LedgerEntry[] {
  return [
    { ...base, bucket: from, amount_minor: -amount },
    { ...base, bucket: to, amount_minor: amount },
  ];
}
