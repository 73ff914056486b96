import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stickers people pin on their profile (at most six, in their order): one row per user and sticker, gone with the
 * user or the sticker. Revoking a pack (refund) deletes its pins by (user, sticker).
 */
export class ProfileStickers1765420000000 implements MigrationInterface {
  name = 'ProfileStickers1765420000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE profile_stickers (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        sticker_id uuid NOT NULL REFERENCES stickers (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        pinned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, sticker_id)
      )`);
    await q.query(`CREATE INDEX profile_stickers_sticker ON profile_stickers (sticker_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS profile_stickers`);
  }
}
