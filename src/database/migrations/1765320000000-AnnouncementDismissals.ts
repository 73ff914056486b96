import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-user dismissal of announcements: a dismissed announcement never shows again to that user on any device. The
 * key (user_id, announcement_id) makes a repeated dismissal a no-op and serves the "not dismissed by me" check of
 * the live announcements query.
 */
export class AnnouncementDismissals1765320000000 implements MigrationInterface {
  name = 'AnnouncementDismissals1765320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE announcement_dismissals (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        announcement_id uuid NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
        dismissed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, announcement_id)
      )`);
    await q.query(`CREATE INDEX announcement_dismissals_announcement ON announcement_dismissals (announcement_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS announcement_dismissals`);
  }
}
