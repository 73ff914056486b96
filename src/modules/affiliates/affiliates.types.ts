import type { AffiliateJson, CommissionJson, PayoutBatchJson, PayoutJson } from '../../contracts/affiliates';

/** The wire shape with its ISO timestamps `K` as the Dates the database returns (null stays null). */
type WithDates<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Date | null : Date };

/**
 * Rows as the repository returns them: the contract's fields (snake_case columns, bigint money as numbers: amounts
 * stay far below 2^53) with Date timestamps, less what the mapper computes, plus the columns the wire never shows.
 */
export type AffiliateRow = WithDates<
  Omit<AffiliateJson, 'guidelines_current' | 'minimum_payout_minor'>,
  'created_at'
> & {
  /** Null: the programme's default minimum applies. */
  minimum_payout_minor: number | null;
  email_key: string;
};

export type CommissionRow = WithDates<CommissionJson, 'moves_at' | 'created_at'> & {
  affiliate_id: string;
  parent_id: string | null;
  order_id: string;
  order_line_id: string;
  status_before_ban: CommissionJson['status'] | null;
  payout_id: string | null;
};

export type PayoutRow = WithDates<PayoutJson, 'created_at'> & {
  destination: string | null;
  idempotency_key: string;
};

/** A batch as stored; its outcome is derived (batchOutcome). */
export type BatchRow = WithDates<
  Omit<PayoutBatchJson, 'outcome' | 'outcome_label'>,
  'created_at' | 'started_at' | 'finished_at'
>;

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

/** One entry of an affiliate's audit trail (decisions, bans, minimums, early releases), with who acted. */
export interface AffiliateAuditRow {
  id: string;
  action: string;
  reason: string | null;
  data: Record<string, unknown>;
  created_at: Date;
  actor_name: string | null;
}
