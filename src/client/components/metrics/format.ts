import type { CreatorMetricName } from '@contracts/creator-metrics';

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** A duration in milliseconds as people read it: "2h 05m", "4m 10s", "12s", "3.2s", "840 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** A creator figure: watch time as a duration, completion as a percentage, counts as whole numbers. */
export function formatCreatorMetric(metric: CreatorMetricName, value: number): string {
  if (metric === 'watch_ms') return formatDuration(value);
  if (metric === 'completion_rate') return `${value}%`;
  return whole.format(value);
}
