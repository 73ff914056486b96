import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A credits code that expires unredeemed gives its credits back to whoever paid for them: one row per code records
 * that it happened (its key makes the return once), written in the same transaction as the ledger row.
 */
export class CrmCodeExpiries1765430100000 implements MigrationInterface {
  name = 'CrmCodeExpiries1765430100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_code_expiries (
        code_id uuid PRIMARY KEY REFERENCES crm_campaign_codes(id) ON DELETE CASCADE,
        returned_to uuid REFERENCES users(id) ON DELETE SET NULL,
        credits integer NOT NULL CHECK (credits >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crm_code_expiries`);
  }
}
