import type { MetricName } from '../../contracts/admin';

/** Days kept in view and back-filled by the first rollup. */
export const BACKFILL_DAYS = 90;
export const DASHBOARD_DAYS = 30;
export const COHORT_WEEKS = 8;
/** How often the rollup job runs (its timer chain re-arms itself on each boundary). */
export const ROLLUP_EVERY_MINUTES = 5;
export const METRICS_CHANNEL = 'private-admin.metrics';
export const METRICS_EVENT = 'metrics.updated';

/**
 * Distinct users active (an AI call, a design, or a credit movement) in the `days` UTC days up to and including the
 * rolled day ($1), from admin_user_activity, which the rollup fills from the owning areas' services.
 */
const ACTIVE = (days: number) =>
  `SELECT count(DISTINCT user_id) FROM admin_user_activity WHERE day > $1::date - ${days} AND day <= $1::date`;
/** How many days of activity the widest active-user window needs. */
export const ACTIVITY_WINDOW_DAYS = 30;

/**
 * The metrics and their pages. Most come from the owning areas' services (MetricsService.figures); the distinct
 * active-user counts come from the activity the rollup gathered from those services, one SQL each over the rolled
 * day ($1). Sums of money are integer minor units, AI cost integer micro-dollars.
 */
export const DAILY_METRICS: Record<MetricName, { label: string; sql?: string; href: string }> = {
  signups: {
    label: 'Sign-ups',
    href: '/admin/users',
  },
  active_users: {
    label: 'Active users (day)',
    sql: ACTIVE(1),
    href: '/admin/metrics',
  },
  active_users_7d: {
    label: 'Active users (week)',
    sql: ACTIVE(7),
    href: '/admin/metrics?period=week',
  },
  active_users_30d: {
    label: 'Active users (month)',
    sql: ACTIVE(ACTIVITY_WINDOW_DAYS),
    href: '/admin/metrics?period=month',
  },
  listings_published: {
    label: 'Listings published',
    href: '/admin/metrics',
  },
  spots_published: {
    label: 'Spots published',
    href: '/admin/metrics',
  },
  spots_transcoded: {
    label: 'Spots transcoded',
    href: '/admin/queue-monitor',
  },
  designs_generated: {
    label: 'Designs generated',
    href: '/admin/queue-monitor',
  },
  designs_failed: {
    label: 'Designs failed',
    href: '/admin/queue-monitor',
  },
  credits_spent: {
    label: 'Credits spent',
    href: '/admin/credits',
  },
  credits_bought: {
    label: 'Credits bought',
    href: '/admin/credits',
  },
  orders_paid: {
    label: 'Orders paid',
    href: '/admin/orders',
  },
  revenue_minor: {
    label: 'Revenue',
    href: '/admin/orders',
  },
  ai_cost_micro: {
    label: 'AI cost',
    href: '/admin/metrics',
  },
  usage_records: {
    label: 'AI calls',
    href: '/admin/metrics',
  },
  queue_waiting: {
    label: 'Jobs waiting',
    href: '/admin/queue-monitor?state=waiting',
  },
  queue_failed: {
    label: 'Failed jobs',
    href: '/admin/queue-monitor?state=failed',
  },
  realtime_connections: {
    label: 'Real-time connections',
    href: '/admin/metrics',
  },
};

export const METRIC_NAMES = Object.keys(DAILY_METRICS) as MetricName[];
/**
 * Gauges: read live (queues, sockets) rather than counted from rows, so only today's row is written, with the value at
 * the latest run; a past day keeps the last value it saw.
 */
export const GAUGES: Partial<Record<MetricName, true>> = {
  queue_waiting: true,
  queue_failed: true,
  realtime_connections: true,
};
/** Money kept per currency: one row per day and currency, shown per currency, never summed across currencies. */
export const PER_CURRENCY: Partial<Record<MetricName, true>> = { revenue_minor: true };
/** The metrics rolled up as one value a day (currency ''). */
export const SINGLE_METRICS = METRIC_NAMES.filter((m) => !PER_CURRENCY[m]);
/** Rolling distinct counts and gauges: a week or month bucket shows the value at its last day, never a sum. */
export const ROLLING: Partial<Record<MetricName, true>> = {
  active_users: true,
  active_users_7d: true,
  active_users_30d: true,
  ...GAUGES,
};

/**
 * Sign-up-week cohorts since $1 (a Monday): their sizes ($3 weeks, $4 counts, from the users service) and for each
 * later week up to $2 how many of them were active, from admin_user_activity (upserted).
 */
export const COHORT_SQL = `
  WITH sizes AS (SELECT cw, n FROM unnest($3::date[], $4::int[]) AS s(cw, n)),
  grid AS (SELECT s.cw, k FROM sizes s, generate_series(0, ${COHORT_WEEKS - 1}) k WHERE s.cw + k * 7 <= $2::date),
  counts AS (
    SELECT signup_week AS cw, (day - signup_week) / 7 AS k, count(DISTINCT user_id)::int AS active
    FROM admin_user_activity WHERE signup_week >= $1::date AND day >= signup_week AND day <= $2::date GROUP BY 1, 2
  )
  INSERT INTO admin_metrics_cohorts (cohort_week, week_offset, cohort_size, active)
  SELECT g.cw, g.k, s.n, coalesce(ct.active, 0) FROM grid g JOIN sizes s USING (cw)
  LEFT JOIN counts ct ON ct.cw = g.cw AND ct.k = g.k
  ON CONFLICT (cohort_week, week_offset) DO UPDATE SET cohort_size = EXCLUDED.cohort_size, active = EXCLUDED.active`;
