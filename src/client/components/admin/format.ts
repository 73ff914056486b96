import type { MetricName } from '@contracts/admin';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

/** A metric's value as people read it: money in dollars (revenue in minor units, AI cost in micro-dollars). */
export function formatMetric(metric: MetricName, value: number): string {
  if (metric === 'revenue_minor') return dollars.format(value / 100);
  if (metric === 'ai_cost_micro') return dollars.format(value / 1_000_000);
  return whole.format(value);
}
