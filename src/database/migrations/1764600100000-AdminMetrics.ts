import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin metrics rollups, filled by a scheduled job so the dashboard never scans raw tables: one value per metric
 * per UTC day, AI provider cost per day, and sign-up-week cohort retention. Upserted by their keys, so a rollup
 * that runs twice writes the same rows. Time indexes on the raw tables keep each day's rollup a range scan.
 */
export class AdminMetrics1764600100000 implements MigrationInterface {
  name = 'AdminMetrics1764600100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_metrics_daily (
        day date NOT NULL,
        metric varchar(40) NOT NULL,
        value bigint NOT NULL,
        computed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (metric, day)
      )
    `);
    await q.query(`
      CREATE TABLE admin_metrics_provider_cost (
        day date NOT NULL,
        provider varchar(40) NOT NULL,
        calls integer NOT NULL,
        cost_micro bigint NOT NULL,
        PRIMARY KEY (day, provider)
      )
    `);
    await q.query(`
      CREATE TABLE admin_metrics_cohorts (
        cohort_week date NOT NULL,
        week_offset smallint NOT NULL,
        cohort_size integer NOT NULL,
        active integer NOT NULL,
        PRIMARY KEY (cohort_week, week_offset)
      )
    `);
    await q.query(`CREATE INDEX usage_records_created_idx ON usage_records (created_at)`);
    await q.query(`CREATE INDEX designs_created_idx ON designs (created_at)`);
    await q.query(`CREATE INDEX credit_transactions_created_idx ON credit_transactions (created_at)`);
    await q.query(`CREATE INDEX orders_paid_idx ON orders (paid_at) WHERE paid_at IS NOT NULL`);
    await q.query(`CREATE INDEX listings_created_idx ON listings (created_at)`);
    await q.query(`CREATE INDEX spots_published_at_idx ON spots (published_at) WHERE published_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'spots_published_at_idx',
      'listings_created_idx',
      'orders_paid_idx',
      'credit_transactions_created_idx',
      'designs_created_idx',
      'usage_records_created_idx',
    ])
      await q.query(`DROP INDEX ${index}`);
    await q.query(`DROP TABLE admin_metrics_cohorts, admin_metrics_provider_cost, admin_metrics_daily`);
  }
}
