import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin metrics per currency: a rolled-up value is keyed by (metric, day, currency), currency '' for figures that
 * are not money, so revenue is kept per currency and never summed across currencies. The rollups are derived data:
 * emptied here, the next run back-fills them. Videos get an index on when they became ready (transcode
 * completions per day).
 */
export class AdminMetricsCurrency1765420100000 implements MigrationInterface {
  name = 'AdminMetricsCurrency1765420100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM admin_metrics_daily`);
    await q.query(`ALTER TABLE admin_metrics_daily ADD COLUMN currency varchar(3) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE admin_metrics_daily DROP CONSTRAINT admin_metrics_daily_pkey`);
    await q.query(`ALTER TABLE admin_metrics_daily ADD PRIMARY KEY (metric, day, currency)`);
    await q.query(`CREATE INDEX videos_ready_at_idx ON videos (ready_at) WHERE ready_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX videos_ready_at_idx`);
    await q.query(`DELETE FROM admin_metrics_daily`);
    await q.query(`ALTER TABLE admin_metrics_daily DROP CONSTRAINT admin_metrics_daily_pkey`);
    await q.query(`ALTER TABLE admin_metrics_daily DROP COLUMN currency`);
    await q.query(`ALTER TABLE admin_metrics_daily ADD PRIMARY KEY (metric, day)`);
  }
}
