/** Pure rules of the affiliate programme (no I/O), unit-tested in affiliate-rules.spec.ts. */
import type { BatchOutcome, BatchStatus } from '../../contracts/affiliates';

/**
 * The address a person would recognise as "the same inbox": lower-cased, `+tag` dropped, and for Gmail the dots
 * dropped too (Gmail ignores them). Two accounts with the same key are one person for self-referral checks.
 */
export function emailKey(email: string): string {
  const [rawLocal, rawDomain = ''] = email.trim().toLowerCase().split('@');
  const domain = rawDomain === 'googlemail.com' ? 'gmail.com' : rawDomain;
  let local = rawLocal.split('+')[0];
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** A commission on one order line: a share in basis points of the line total, or a flat amount per unit. */
export function commissionFor(
  rule: { kind: 'percent' | 'flat'; rate_bps: number; flat_minor: number },
  line: { total_minor: number; quantity: number },
): number {
  if (rule.kind === 'flat') return rule.flat_minor * line.quantity;
  // Floor: the programme never pays a fraction of a cent it did not earn.
  return Math.floor((line.total_minor * rule.rate_bps) / 10_000);
}

/** The share of a commission reversed by a refund of `refunded` out of `base` (the line total), floored at 0. */
export function reversalFor(commission: number, base: number, refunded: number): number {
  if (base <= 0 || refunded >= base) return commission;
  return Math.min(commission, Math.ceil((commission * refunded) / base));
}

/** USDC on an EVM chain: 0x and 40 hex digits. */
export function isUsdcAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** The next payout date: this month's payout day if still ahead, else next month's. */
export function nextPayoutDate(now: Date, payoutDay: number): Date {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), payoutDay));
  if (thisMonth.getTime() > now.getTime()) return thisMonth;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, payoutDay));
}

/** Which of several attribution candidates credits a sale: the latest click inside the window, or none. */
export function winningClick<T extends { clicked_at: Date }>(candidates: T[], at: Date, windowDays: number): T | null {
  const oldest = at.getTime() - windowDays * 86_400_000;
  const inWindow = candidates.filter((c) => c.clicked_at.getTime() >= oldest && c.clicked_at.getTime() <= at.getTime());
  return inWindow.sort((a, b) => b.clicked_at.getTime() - a.clicked_at.getTime())[0] ?? null;
}

/**
 * What a batch did, derived from its transfers, never from the job having finished: "Paid" only when every transfer
 * was sent, "Partly paid (1 of 2)" when some failed, "Failed (0 of 2 paid)" when none went out, and "Awaiting the
 * bank" while bank transfers wait for an admin to confirm the bank paid them (exporting a file pays nobody).
 */
export function batchOutcome(b: {
  status: BatchStatus;
  payout_count: number;
  sent: number;
  failed: number;
  awaiting: number;
}): {
  outcome: BatchOutcome;
  label: string;
} {
  const of = `${b.sent} of ${b.payout_count}`;
  if (b.status === 'preview') return { outcome: 'preview', label: 'Preview' };
  if (b.status === 'cancelled') return { outcome: 'cancelled', label: 'Cancelled' };
  if (b.payout_count === 0) return { outcome: 'empty', label: 'No transfers' };
  if (b.sent + b.failed + b.awaiting < b.payout_count)
    return { outcome: 'in_progress', label: `In progress (${of} paid)` };
  if (b.awaiting > 0)
    return { outcome: 'awaiting_bank', label: `Awaiting the bank: ${b.awaiting} to confirm (${of} paid)` };
  if (b.failed === 0) return { outcome: 'paid', label: `Paid (${of})` };
  if (b.sent === 0) return { outcome: 'failed', label: `Failed (${of} paid)` };
  return { outcome: 'partly_paid', label: `Partly paid (${of})` };
}
