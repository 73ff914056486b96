import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin bulk actions on users: one row per action an admin started (suspend, restore or re-send verification to
 * up to 1,000 chosen users) with its running counts, and one item per target user. The items are fixed when the
 * action starts; the job works through those still without an outcome, so a retried job never repeats a user, and
 * holds a short lease on the action while it works, so two deliveries of the job never run it side by side.
 */
export class AdminUserBulkActions1765540000000 implements MigrationInterface {
  name = 'AdminUserBulkActions1765540000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_user_bulk_actions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
        admin_ip varchar(64),
        action varchar(24) NOT NULL CHECK (action IN ('suspend', 'restore', 'resend_verification')),
        reason text NOT NULL DEFAULT '',
        status varchar(12) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        total integer NOT NULL CHECK (total BETWEEN 1 AND 1000),
        done integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        lease_until timestamptz,
        leased_by uuid
      )`);
    await q.query(
      `CREATE INDEX admin_user_bulk_actions_newest_idx ON admin_user_bulk_actions (created_at DESC, id DESC)`,
    );
    await q.query(`
      CREATE TABLE admin_user_bulk_items (
        bulk_id uuid NOT NULL REFERENCES admin_user_bulk_actions(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        outcome varchar(8) CHECK (outcome IN ('done', 'skipped')),
        message text,
        PRIMARY KEY (bulk_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_user_bulk_items`);
    await q.query(`DROP TABLE admin_user_bulk_actions`);
  }
}
