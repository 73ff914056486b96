import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email broadcasts: a broadcast may also mail the recipients who opted in to product news, skipping the CRM
 * suppression list. Each recipient row records what happened to its mail; the broadcast keeps the counts.
 */
export class BroadcastEmail1765230000000 implements MigrationInterface {
  name = 'BroadcastEmail1765230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE broadcasts
        ADD COLUMN email boolean NOT NULL DEFAULT false,
        ADD COLUMN emailed integer NOT NULL DEFAULT 0,
        ADD COLUMN suppressed integer NOT NULL DEFAULT 0`);
    await q.query(`
      ALTER TABLE broadcast_recipients
        ADD COLUMN email_status varchar(12) CHECK (email_status IN ('sent', 'suppressed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE broadcast_recipients DROP COLUMN IF EXISTS email_status`);
    await q.query(
      `ALTER TABLE broadcasts DROP COLUMN IF EXISTS email, DROP COLUMN IF EXISTS emailed, DROP COLUMN IF EXISTS suppressed`,
    );
  }
}
