import type {
  AffiliateJson,
  AffiliateLinkJson,
  BalanceJson,
  CommissionJson,
  PayoutBatchJson,
  PayoutJson,
  TaxFormJson,
  MaterialJson,
} from '../../contracts/affiliates';
import type { AffiliateRow, BatchRow, CommissionRow, LedgerBucket, PayoutRow } from './affiliates.types';
import { iso } from '../../common/iso';
import { batchOutcome } from './affiliate-rules';
import { mediaUrl } from '../../common/media-url';

export function toAffiliateJson(
  row: AffiliateRow,
  currentGuidelines: number | null,
  defaultMinimum: number,
): AffiliateJson {
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    code: row.code,
    status: row.status,
    website: row.website,
    audience: row.audience,
    payout_method: row.payout_method,
    payout_destination: row.payout_destination,
    accepted_guidelines_version: row.accepted_guidelines_version,
    guidelines_current: currentGuidelines === null || row.accepted_guidelines_version === currentGuidelines,
    minimum_payout_minor: row.minimum_payout_minor ?? defaultMinimum,
    recruiter_id: row.recruiter_id,
    status_reason: row.status_reason,
    created_at: iso(row.created_at)!,
  };
}

export function toLinkJson(
  row: { id: string; token: string; destination: string; campaign: string | null; clicks: number; created_at: Date },
  appUrl: string,
  qrSvg: string | null,
): AffiliateLinkJson {
  return {
    id: row.id,
    token: row.token,
    destination: row.destination,
    campaign: row.campaign,
    clicks: Number(row.clicks),
    url: `${appUrl}/r/${row.token}`,
    qr_svg: qrSvg,
    created_at: iso(row.created_at)!,
  };
}

export function toCommissionJson(row: CommissionRow): CommissionJson {
  return {
    id: row.id,
    tier: row.tier,
    order_number: row.order_number,
    category: row.category,
    base_minor: Number(row.base_minor),
    amount_minor: Number(row.amount_minor),
    currency: row.currency,
    status: row.status,
    status_reason: row.status_reason,
    moves_at: iso(row.moves_at),
    created_at: iso(row.created_at)!,
  };
}

export function toBalanceJson(
  buckets: Record<LedgerBucket, number>,
  currency: string,
  minimum: number,
  holdReason: string | null,
  nextPayoutDate: Date,
): BalanceJson {
  return {
    currency,
    pending_minor: buckets.pending,
    available_minor: buckets.available,
    paid_minor: buckets.paid,
    minimum_payout_minor: minimum,
    hold_reason: holdReason,
    next_payout_date: iso(nextPayoutDate).slice(0, 10),
  };
}

export function toPayoutJson(row: PayoutRow): PayoutJson {
  return {
    id: row.id,
    batch_id: row.batch_id,
    affiliate_id: row.affiliate_id,
    affiliate_name: row.affiliate_name,
    amount_minor: Number(row.amount_minor),
    currency: row.currency,
    method: row.method,
    status: row.status,
    failure_reason: row.failure_reason,
    provider_reference: row.provider_reference,
    created_at: iso(row.created_at)!,
  };
}

export function toBatchJson(row: BatchRow): PayoutBatchJson {
  const { outcome, label } = batchOutcome(row);
  return {
    id: row.id,
    status: row.status,
    outcome,
    outcome_label: label,
    payout_count: row.payout_count,
    total_minor: Number(row.total_minor),
    currency: row.currency,
    processed: row.processed,
    sent: row.sent,
    failed: row.failed,
    awaiting: row.awaiting,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export function toTaxFormJson(row: {
  id: string;
  affiliate_id: string;
  kind: 'w9' | 'w8ben';
  status: TaxFormJson['status'];
  storage_key: string;
  review_note: string | null;
  created_at: Date;
}): TaxFormJson {
  return {
    id: row.id,
    affiliate_id: row.affiliate_id,
    kind: row.kind,
    status: row.status,
    file_url: mediaUrl(row.storage_key),
    review_note: row.review_note,
    created_at: iso(row.created_at)!,
  };
}

export function toMaterialJson(row: {
  id: string;
  title: string;
  kind: 'image' | 'copy';
  body: string | null;
  storage_key: string | null;
  created_at: Date;
}): MaterialJson {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    body: row.body,
    image_url: mediaUrl(row.storage_key),
    created_at: iso(row.created_at)!,
  };
}
