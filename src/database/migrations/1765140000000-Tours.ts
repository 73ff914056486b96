import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tour requests: the times on the table (and who offered them), the agreed start, and the reminders already sent
 * (one row per tour, start and lead, so a reminder timer firing twice sends once). One open request per buyer
 * and listing.
 */
export class Tours1765140000000 implements MigrationInterface {
  name = 'Tours1765140000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tour_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        realtor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        mode varchar(10) NOT NULL CHECK (mode IN ('in_person', 'video')),
        status varchar(10) NOT NULL CHECK (status IN ('requested', 'proposed', 'confirmed', 'declined', 'cancelled')),
        offered_times timestamptz[] NOT NULL,
        offered_by varchar(10) NOT NULL CHECK (offered_by IN ('buyer', 'realtor')),
        scheduled_at timestamptz,
        duration_minutes int NOT NULL DEFAULT 30,
        message text,
        decline_reason text,
        sequence int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX tour_requests_buyer_idx ON tour_requests (buyer_id, updated_at DESC)`);
    await q.query(`CREATE INDEX tour_requests_realtor_idx ON tour_requests (realtor_id, updated_at DESC)`);
    await q.query(`CREATE INDEX tour_requests_property_idx ON tour_requests (property_id)`);
    await q.query(`
      CREATE UNIQUE INDEX tour_requests_open_idx ON tour_requests (property_id, buyer_id)
        WHERE status IN ('requested', 'proposed', 'confirmed')`);
    await q.query(`
      CREATE TABLE tour_reminders (
        tour_id uuid NOT NULL REFERENCES tour_requests(id) ON DELETE CASCADE,
        starts_at timestamptz NOT NULL,
        lead varchar(10) NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tour_id, starts_at, lead)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE tour_reminders`);
    await q.query(`DROP TABLE tour_requests`);
  }
}
