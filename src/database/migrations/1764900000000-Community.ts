import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Community trust and moderation shared by journal, societies and the other community areas:
 * per-user activity counters (trust levels are computed from them), distinct reads and likes (so each counts
 * once), flags (one per user per post) and the review queue (posts with links from new accounts, flagged posts).
 */
export class Community1764900000000 implements MigrationInterface {
  name = 'Community1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE community_activity (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        days_visited integer NOT NULL DEFAULT 0 CHECK (days_visited >= 0),
        last_visit_day date,
        posts_read integer NOT NULL DEFAULT 0 CHECK (posts_read >= 0),
        likes_given integer NOT NULL DEFAULT 0 CHECK (likes_given >= 0),
        likes_received integer NOT NULL DEFAULT 0 CHECK (likes_received >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE community_reads (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subject_kind varchar(32) NOT NULL,
        subject_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, subject_kind, subject_id)
      )`);
    await q.query(`
      CREATE TABLE community_likes (
        subject_kind varchar(32) NOT NULL,
        subject_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_kind, subject_id, user_id)
      )`);
    await q.query(`
      CREATE TABLE community_flags (
        subject_kind varchar(32) NOT NULL,
        subject_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reason varchar(16) NOT NULL CHECK (reason IN ('spam','abuse','off_topic','illegal','other')),
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_kind, subject_id, user_id)
      )`);
    await q.query(
      `CREATE INDEX community_flags_open_idx ON community_flags (subject_kind, subject_id) WHERE resolved_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE community_reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subject_kind varchar(32) NOT NULL,
        subject_id uuid NOT NULL,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reason varchar(16) NOT NULL CHECK (reason IN ('link','flags')),
        excerpt text NOT NULL DEFAULT '',
        url varchar(300),
        status varchar(16) NOT NULL DEFAULT 'open' CHECK (status IN ('open','approved','rejected')),
        decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX community_reviews_open_unique ON community_reviews (subject_kind, subject_id) WHERE status = 'open'`,
    );
    await q.query(`CREATE INDEX community_reviews_status_idx ON community_reviews (status, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE IF EXISTS community_reviews, community_flags, community_likes, community_reads, community_activity`,
    );
  }
}
