import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * RSVPs confirmed by email (or by a verified account): until then they hold a spot only briefly.
 * Existing RSVPs count as confirmed. The confirmation token is kept as a SHA-256 hash.
 */
export class OpenHouseRsvpConfirmation1764000000000 implements MigrationInterface {
  name = 'OpenHouseRsvpConfirmation1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE open_house_rsvps ADD COLUMN confirmed_at timestamptz, ADD COLUMN confirm_token_hash text`,
    );
    await q.query(`UPDATE open_house_rsvps SET confirmed_at = created_at`);
    await q.query(
      `CREATE UNIQUE INDEX open_house_rsvps_confirm_token_hash ON open_house_rsvps (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS open_house_rsvps_confirm_token_hash`);
    await q.query(
      `ALTER TABLE open_house_rsvps DROP COLUMN IF EXISTS confirm_token_hash, DROP COLUMN IF EXISTS confirmed_at`,
    );
  }
}
