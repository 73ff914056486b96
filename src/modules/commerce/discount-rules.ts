import type { DiscountKind, DiscountState } from '../../contracts/commerce';

/**
 * The smallest card payment the providers take (Stripe's is 50 cents for USD): a code may not bring an order
 * under it, so a code never promises a checkout that the payment page then refuses.
 */
export const SMALLEST_PAYMENT_MINOR = 50;

/** What a code takes off and where: the parts of a `discount_codes` row the arithmetic needs. */
export interface DiscountTerms {
  kind: DiscountKind;
  percent_off: number | null;
  amount_off_minor: number | null;
  currency: string | null;
  product_id: string | null;
  category: string | null;
}

/** A priced cart or order line: `gross_minor` is quantity × unit price, before any discount. */
export interface PricedLine {
  key: string;
  product_id: string;
  category: string;
  gross_minor: number;
}

/** True when the code's scope covers the line: the whole shop, its product, or its category. */
export function covers(terms: DiscountTerms, line: PricedLine): boolean {
  if (terms.product_id) return line.product_id === terms.product_id;
  if (terms.category) return line.category === terms.category;
  return true;
}

/**
 * Each covered line's share of the discount, in minor units, summing exactly to the discount:
 * - a percentage takes `floor(gross × percent / 100)` from each covered line (rounded down per line, in the
 *   buyer's disfavour by under one cent a line, so a refund of any one line never gives back more than it cost);
 * - a fixed amount is capped at the covered lines' gross and shared in proportion to their gross, each share
 *   rounded down, the cents left over going one each to the lines with the largest remainders (ties: the line
 *   listed first), so the shares add up to the amount exactly.
 * Lines the code does not cover get no entry.
 */
export function discountShares(terms: DiscountTerms, lines: PricedLine[]): Map<string, number> {
  const covered = lines.filter((l) => covers(terms, l) && l.gross_minor > 0);
  const shares = new Map<string, number>();
  if (terms.kind === 'percent') {
    for (const l of covered) shares.set(l.key, Math.floor((l.gross_minor * terms.percent_off!) / 100));
    return shares;
  }
  const base = covered.reduce((sum, l) => sum + BigInt(l.gross_minor), 0n);
  if (base === 0n) return shares;
  const off = BigInt(terms.amount_off_minor!) < base ? BigInt(terms.amount_off_minor!) : base;
  const parts = covered.map((l, index) => {
    const exact = off * BigInt(l.gross_minor);
    return { key: l.key, index, share: exact / base, remainder: exact % base };
  });
  let left = off - parts.reduce((sum, p) => sum + p.share, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const p of byRemainder) {
    if (left === 0n) break;
    p.share += 1n;
    left -= 1n;
  }
  for (const p of parts) shares.set(p.key, Number(p.share));
  return shares;
}

export function totalOf(shares: Map<string, number>): number {
  let sum = 0;
  for (const share of shares.values()) sum += share;
  return sum;
}

/** The code's state at `now`: the admin's switch first, then its window, then its overall limit. */
export function discountState(
  code: { active: boolean; starts_at: Date; ends_at: Date | null; max_uses: number | null },
  liveUses: number,
  now: Date,
): DiscountState {
  if (!code.active) return 'disabled';
  if (code.starts_at.getTime() > now.getTime()) return 'scheduled';
  if (code.ends_at && code.ends_at.getTime() <= now.getTime()) return 'ended';
  if (code.max_uses !== null && liveUses >= code.max_uses) return 'used_up';
  return 'active';
}

/** A code as the buyer types it: trimmed and upper-case (codes are stored that way). */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}
