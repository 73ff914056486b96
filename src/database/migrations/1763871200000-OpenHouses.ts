import { MigrationInterface, QueryRunner } from 'typeorm';

/** A listing's open houses and their RSVPs (capacity enforced under a row lock on the open house). */
export class OpenHouses1763871200000 implements MigrationInterface {
  name = 'OpenHouses1763871200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE open_houses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        capacity integer NOT NULL CHECK (capacity > 0),
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`CREATE INDEX open_houses_listing_starts_idx ON open_houses (listing_id, starts_at)`);
    await q.query(`
      CREATE TABLE open_house_rsvps (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        open_house_id uuid NOT NULL REFERENCES open_houses(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        token varchar(64) NOT NULL,
        cancelled_at timestamptz,
        survey jsonb,
        surveyed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX open_house_rsvps_token_unique ON open_house_rsvps (token)`);
    await q.query(`CREATE INDEX open_house_rsvps_house_created_idx ON open_house_rsvps (open_house_id, created_at)`);
    await q.query(
      `CREATE UNIQUE INDEX open_house_rsvps_active_email_unique ON open_house_rsvps (open_house_id, lower(email)) WHERE cancelled_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS open_house_rsvps`);
    await q.query(`DROP TABLE IF EXISTS open_houses`);
  }
}
