import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credit grants as lots: a grant may expire, spending takes the earliest-expiring lot first, a refund revokes what
 * is left of its lot. Both tables are append-only: a lot's remainder is its amount minus the sum of its uses.
 */
export class CreditGrants1764200100000 implements MigrationInterface {
  name = 'CreditGrants1764200100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_transactions DROP CONSTRAINT IF EXISTS credit_transactions_kind_check`);
    await q.query(`ALTER TABLE credit_transactions ALTER COLUMN kind TYPE varchar(12)`);
    await q.query(
      `ALTER TABLE credit_transactions ADD CONSTRAINT credit_transactions_kind_check CHECK (kind IN ('grant', 'purchase', 'spend', 'refund', 'revoke', 'expire'))`,
    );
    await q.query(`
      CREATE TABLE credit_grants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        transaction_id uuid NOT NULL REFERENCES credit_transactions(id) ON DELETE CASCADE,
        amount integer NOT NULL CHECK (amount > 0),
        expires_at timestamptz,
        source_ref varchar(120) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX credit_grants_user_expiry_idx ON credit_grants (user_id, expires_at NULLS LAST, created_at)`,
    );
    await q.query(`
      CREATE TABLE credit_grant_uses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        grant_id uuid NOT NULL REFERENCES credit_grants(id) ON DELETE CASCADE,
        transaction_id uuid NOT NULL REFERENCES credit_transactions(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('spend', 'revoke', 'expire')),
        amount integer NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX credit_grant_uses_grant_idx ON credit_grant_uses (grant_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS credit_grant_uses`);
    await q.query(`DROP TABLE IF EXISTS credit_grants`);
    await q.query(`ALTER TABLE credit_transactions DROP CONSTRAINT IF EXISTS credit_transactions_kind_check`);
    await q.query(
      `ALTER TABLE credit_transactions ADD CONSTRAINT credit_transactions_kind_check CHECK (kind IN ('grant', 'purchase', 'spend', 'refund'))`,
    );
  }
}
