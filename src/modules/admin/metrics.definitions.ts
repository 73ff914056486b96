import type { MetricName } from '../../contracts/admin';

/** Days kept in view and back-filled by the first rollup. */
export const BACKFILL_DAYS = 90;
export const DASHBOARD_DAYS = 30;
export const COHORT_WEEKS = 8;
/** How often the rollup job runs (its timer chain re-arms itself on each boundary). */
export const ROLLUP_EVERY_MINUTES = 5;
export const METRICS_CHANNEL = 'private-admin.metrics';
export const METRICS_EVENT = 'metrics.updated';

/** Activity (for active users and retention): an AI call, a design, or a credit movement by the user. */
const ACTIVITY = (from: string, to: string) => `
  SELECT user_id FROM usage_records WHERE created_at >= ${from} AND created_at < ${to} AND user_id IS NOT NULL
  UNION SELECT user_id FROM designs WHERE created_at >= ${from} AND created_at < ${to}
  UNION SELECT user_id FROM credit_transactions WHERE created_at >= ${from} AND created_at < ${to}`;

/**
 * The metrics and their pages. Most come from the owning areas' services (MetricsService.figures); the distinct
 * active-user counts span several areas' rows, so they stay one SQL each over the day: $1 = the day's start, $2 =
 * the next day's start (UTC). Sums of money are integer minor units, AI cost integer micro-dollars.
 */
export const DAILY_METRICS: Record<MetricName, { label: string; sql?: string; href: string }> = {
  signups: {
    label: 'Sign-ups',
    href: '/admin/users',
  },
  active_users: {
    label: 'Active users (day)',
    sql: `SELECT count(*) FROM (${ACTIVITY('$1::timestamptz', '$2::timestamptz')}) a`,
    href: '/admin/metrics',
  },
  active_users_7d: {
    label: 'Active users (week)',
    sql: `SELECT count(*) FROM (${ACTIVITY(`$2::timestamptz - interval '7 days'`, '$2::timestamptz')}) a`,
    href: '/admin/metrics?period=week',
  },
  active_users_30d: {
    label: 'Active users (month)',
    sql: `SELECT count(*) FROM (${ACTIVITY(`$2::timestamptz - interval '30 days'`, '$2::timestamptz')}) a`,
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
};

export const METRIC_NAMES = Object.keys(DAILY_METRICS) as MetricName[];
/** Rolling distinct counts: a week or month bucket shows the value at its last day, never a sum. */
export const ROLLING: Partial<Record<MetricName, true>> = {
  active_users: true,
  active_users_7d: true,
  active_users_30d: true,
};

/** Sign-up-week cohorts since $1, and for each later week up to $2 how many of them were active (upserted). */
export const COHORT_SQL = `
  WITH cohort AS (
    SELECT id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS cw FROM users WHERE created_at >= $1
  ), activity AS (
    SELECT DISTINCT user_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS aw FROM (
      SELECT user_id, created_at FROM usage_records WHERE created_at >= $1 AND user_id IS NOT NULL
      UNION ALL SELECT user_id, created_at FROM designs WHERE created_at >= $1
      UNION ALL SELECT user_id, created_at FROM credit_transactions WHERE created_at >= $1
    ) x
  ), sizes AS (SELECT cw, count(*)::int AS n FROM cohort GROUP BY cw),
  grid AS (SELECT s.cw, k FROM sizes s, generate_series(0, ${COHORT_WEEKS - 1}) k WHERE s.cw + k * 7 <= $2::date),
  counts AS (
    SELECT c.cw, (a.aw - c.cw) / 7 AS k, count(DISTINCT c.id)::int AS active
    FROM cohort c JOIN activity a ON a.user_id = c.id AND a.aw >= c.cw GROUP BY 1, 2
  )
  INSERT INTO admin_metrics_cohorts (cohort_week, week_offset, cohort_size, active)
  SELECT g.cw, g.k, s.n, coalesce(ct.active, 0) FROM grid g JOIN sizes s USING (cw)
  LEFT JOIN counts ct ON ct.cw = g.cw AND ct.k = g.k
  ON CONFLICT (cohort_week, week_offset) DO UPDATE SET cohort_size = EXCLUDED.cohort_size, active = EXCLUDED.active`;
