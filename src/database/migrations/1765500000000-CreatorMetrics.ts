import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creator metrics. Raw plays: one row per piece of content (a spot or a walkthrough), UTC day and viewer (a signed-in
 * user or a session), holding the furthest watch time and whether the viewer reached the end, so a repeated beacon
 * changes nothing. Rollups: per creator per day, and per content per day for the top-content table; a rollup of a
 * day replaces that day's rows, so running it again gives the same rows. The raw sources the rollup counts by time
 * (new follows, design shares, listing inquiries) get the time indexes a day's count needs.
 */
export class CreatorMetrics1765500000000 implements MigrationInterface {
  name = 'CreatorMetrics1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE creator_video_views (
        content_id uuid NOT NULL,
        day date NOT NULL,
        viewer varchar(64) NOT NULL,
        kind varchar(12) NOT NULL CHECK (kind IN ('spot', 'walkthrough')),
        creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        watch_ms integer NOT NULL DEFAULT 0 CHECK (watch_ms >= 0),
        completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (content_id, day, viewer)
      )`);
    await q.query(`CREATE INDEX creator_video_views_day ON creator_video_views (day)`);
    await q.query(`
      CREATE TABLE creator_metrics_daily (
        creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        day date NOT NULL,
        spot_views integer NOT NULL DEFAULT 0,
        spot_watch_ms bigint NOT NULL DEFAULT 0,
        spot_completions integer NOT NULL DEFAULT 0,
        walkthrough_views integer NOT NULL DEFAULT 0,
        walkthrough_watch_ms bigint NOT NULL DEFAULT 0,
        walkthrough_completions integer NOT NULL DEFAULT 0,
        new_followers integer NOT NULL DEFAULT 0,
        design_shares integer NOT NULL DEFAULT 0,
        listing_inquiries integer NOT NULL DEFAULT 0,
        computed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (creator_id, day)
      )`);
    await q.query(`CREATE INDEX creator_metrics_daily_day ON creator_metrics_daily (day)`);
    await q.query(`
      CREATE TABLE creator_content_daily (
        content_id uuid NOT NULL,
        day date NOT NULL,
        creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(12) NOT NULL,
        views integer NOT NULL,
        watch_ms bigint NOT NULL,
        completions integer NOT NULL,
        PRIMARY KEY (content_id, day)
      )`);
    await q.query(`CREATE INDEX creator_content_daily_creator ON creator_content_daily (creator_id, day)`);
    await q.query(`CREATE INDEX creator_content_daily_day ON creator_content_daily (day)`);
    // Each rolled day and when: where the next run starts, and what the page shows as "updated".
    await q.query(`CREATE TABLE creator_metrics_runs (day date PRIMARY KEY, computed_at timestamptz NOT NULL)`);
    // When a design was (last) shared by link: a share is counted on that day.
    await q.query(`ALTER TABLE designs ADD COLUMN shared_at timestamptz`);
    await q.query(`UPDATE designs SET shared_at = updated_at WHERE share_token IS NOT NULL`);
    await q.query(`CREATE INDEX designs_shared_at ON designs (shared_at) WHERE shared_at IS NOT NULL`);
    await q.query(`CREATE INDEX follows_created ON follows (created_at)`);
    await q.query(
      `CREATE INDEX crm_leads_inquiries_created ON crm_leads (created_at) WHERE source = 'listing_inquiry'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS crm_leads_inquiries_created`);
    await q.query(`DROP INDEX IF EXISTS follows_created`);
    await q.query(`DROP INDEX IF EXISTS designs_shared_at`);
    await q.query(`ALTER TABLE designs DROP COLUMN IF EXISTS shared_at`);
    await q.query(`DROP TABLE IF EXISTS creator_metrics_runs`);
    await q.query(`DROP TABLE IF EXISTS creator_content_daily`);
    await q.query(`DROP TABLE IF EXISTS creator_metrics_daily`);
    await q.query(`DROP TABLE IF EXISTS creator_video_views`);
  }
}
