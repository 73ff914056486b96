import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Eligibility before chance.
 * - `sweepstakes_entries.counted`: a bonus entry (purchase, referral, share) for someone without a free entry in that
 *   sweepstakes waits (false) until their free entry, which counts it; only counted entries reach the frozen list.
 * - `birth_date` and `rules_accepted_at` keep what the free entry form checked, so the frozen list is checked again.
 *   Free entries made before this migration passed both checks at entry: they are marked accepted at their time.
 * - `sweepstakes_exclusions`: who the freeze left out of the draw and why (the admin sees names, the public counts).
 * - `sweepstakes_share_codes`: each entrant's personal share link code; a new person entering through it earns the
 *   sharer the share bonus, once per new person (the entries' unique action index on source_ref = their user id).
 */
export class SweepstakesEligibility1765600000000 implements MigrationInterface {
  name = 'SweepstakesEligibility1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sweepstakes_entries
        ADD COLUMN counted boolean NOT NULL DEFAULT true,
        ADD COLUMN birth_date date,
        ADD COLUMN rules_accepted_at timestamptz`);
    await q.query(`UPDATE sweepstakes_entries SET rules_accepted_at = created_at WHERE source = 'free'`);
    await q.query(`
      CREATE TABLE sweepstakes_exclusions (
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reason varchar(24) NOT NULL,
        entries integer NOT NULL,
        PRIMARY KEY (sweepstakes_id, user_id),
        CONSTRAINT sweepstakes_exclusions_reason_check
          CHECK (reason IN ('NO_FREE_ENTRY', 'RULES_NOT_ACCEPTED', 'UNDER_AGE', 'REGION', 'ACCOUNT_CLOSED'))
      )`);
    await q.query(`
      CREATE TABLE sweepstakes_share_codes (
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code varchar(16) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (sweepstakes_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sweepstakes_share_codes`);
    await q.query(`DROP TABLE IF EXISTS sweepstakes_exclusions`);
    await q.query(
      `ALTER TABLE sweepstakes_entries DROP COLUMN counted, DROP COLUMN birth_date, DROP COLUMN rules_accepted_at`,
    );
  }
}
