import type { Money } from '@contracts/common';

/** Shows integer minor units in the currency's own format (the division happens only for display). */
export function formatMoney(money: Money | null | undefined): string {
  if (!money) return '—';
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount_minor / 10 ** digits);
}

/** "partially_refunded" / "credit-packs" → "Partially refunded" / "Credit packs". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '—';
  const text = value.replace(/[_-]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Parses a price typed in major units ("12.50") into minor units without floating-point drift. */
export function toMinor(text: string, digits = 2): number | null {
  const match = /^\s*(\d+)(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(digits, '0').slice(0, digits);
  return Number(match[1]) * 10 ** digits + Number(fraction || 0);
}

/** What a discount code takes off: "15% off" or "$5.00 off". */
export function discountTerms(code: {
  kind: 'percent' | 'fixed';
  percent_off: number | null;
  amount_off: Money | null;
}) {
  return code.kind === 'percent' ? `${code.percent_off}% off` : `${formatMoney(code.amount_off)} off`;
}
