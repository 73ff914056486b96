import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin console: the append-only audit trail of admin actions (a trigger refuses UPDATE and DELETE), user suspension
 * and deletion marks, and a trigram index so admins find users by any part of email, handle or name.
 */
export class AdminConsole1764600000000 implements MigrationInterface {
  name = 'AdminConsole1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      ALTER TABLE users
        ADD COLUMN suspended_at timestamptz,
        ADD COLUMN suspension_reason varchar(500),
        ADD COLUMN deleted_at timestamptz
    `);
    await q.query(`
      CREATE OR REPLACE FUNCTION users_search_text(email text, handle text, name text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(email || ' ' || coalesce(handle, '') || ' ' || name) $$
    `);
    await q.query(
      `CREATE INDEX users_search_trgm ON users USING gin (users_search_text(email, handle, name) gin_trgm_ops)`,
    );
    await q.query(`CREATE INDEX users_created_at ON users (created_at DESC, id)`);
    await q.query(`
      CREATE TABLE admin_audit (
        id bigserial PRIMARY KEY,
        actor_id uuid,
        actor_label varchar(320) NOT NULL,
        action varchar(64) NOT NULL,
        subject_type varchar(32) NOT NULL,
        subject_id varchar(64),
        subject_label varchar(320),
        before jsonb,
        after jsonb,
        ip varchar(64),
        at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await q.query(`CREATE INDEX admin_audit_at ON admin_audit (at DESC, id DESC)`);
    await q.query(`CREATE INDEX admin_audit_actor ON admin_audit (actor_id, at DESC)`);
    await q.query(`CREATE INDEX admin_audit_action ON admin_audit (action, at DESC)`);
    await q.query(`CREATE INDEX admin_audit_subject ON admin_audit (subject_type, subject_id, at DESC)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'admin_audit is append-only'; END $$
    `);
    await q.query(`
      CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON admin_audit
      FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only()
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_audit`);
    await q.query(`DROP FUNCTION admin_audit_append_only()`);
    await q.query(`DROP INDEX users_created_at`);
    await q.query(`DROP INDEX users_search_trgm`);
    await q.query(`DROP FUNCTION users_search_text(text, text, text)`);
    await q.query(`ALTER TABLE users DROP COLUMN suspended_at, DROP COLUMN suspension_reason, DROP COLUMN deleted_at`);
  }
}
