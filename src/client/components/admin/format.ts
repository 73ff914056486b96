import type { MetricName } from '@contracts/admin';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

/**
 * A metric's value as people read it: revenue (minor units) in its own currency (never summed across currencies;
 * without a currency there was none, so a plain 0), AI cost (micro-dollars) in dollars, counts as whole numbers.
 */
export function formatMetric(metric: MetricName, value: number, currency: string | null = null): string {
  if (metric === 'revenue_minor')
    return currency
      ? new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value / 100)
      : whole.format(value);
  if (metric === 'ai_cost_micro') return dollars.format(value / 1_000_000);
  return whole.format(value);
}
