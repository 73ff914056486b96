import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-user notifications: newest-first listing and an unread count served by a partial index. */
export class Notifications1763873000000 implements MigrationInterface {
  name = 'Notifications1763873000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(40) NOT NULL,
        title varchar(255) NOT NULL,
        body text,
        url varchar(1000),
        data jsonb NOT NULL DEFAULT '{}',
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS notifications`);
  }
}
