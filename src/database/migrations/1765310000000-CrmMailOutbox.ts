import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marketing mail: each recipient row is the outbox (queued → sent, with the rendered mail until it is delivered),
 * carries its click counts and its bounce/complaint outcome; mail provider events are recorded once by their id.
 */
export class CrmMailOutbox1765310000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE crm_email_sends
        ADD COLUMN batch_id uuid,
        ADD COLUMN state varchar(10) NOT NULL DEFAULT 'sent' CHECK (state IN ('queued','sent','cancelled')),
        ADD COLUMN subject text,
        ADD COLUMN html text,
        ADD COLUMN text_body text,
        ADD COLUMN links text[] NOT NULL DEFAULT '{}',
        ADD COLUMN delivered_at timestamptz,
        ADD COLUMN clicks integer NOT NULL DEFAULT 0,
        ADD COLUMN first_clicked_at timestamptz,
        ADD COLUMN soft_bounces integer NOT NULL DEFAULT 0,
        ADD COLUMN failure varchar(10) CHECK (failure IN ('bounce','complaint')),
        ADD COLUMN failed_at timestamptz`);
    await q.query(`CREATE INDEX crm_email_sends_queued ON crm_email_sends (batch_id) WHERE state = 'queued'`);
    await q.query(`CREATE INDEX crm_email_sends_email ON crm_email_sends (email, sent_at DESC)`);
    await q.query(`
      CREATE TABLE crm_mail_events (
        id varchar(200) PRIMARY KEY,
        kind varchar(16) NOT NULL,
        email varchar(320) NOT NULL,
        send_id uuid,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crm_mail_events`);
    await q.query(`DROP INDEX IF EXISTS crm_email_sends_email`);
    await q.query(`DROP INDEX IF EXISTS crm_email_sends_queued`);
    await q.query(`
      ALTER TABLE crm_email_sends
        DROP COLUMN batch_id, DROP COLUMN state, DROP COLUMN subject, DROP COLUMN html, DROP COLUMN text_body,
        DROP COLUMN links, DROP COLUMN delivered_at, DROP COLUMN clicks, DROP COLUMN first_clicked_at,
        DROP COLUMN soft_bounces, DROP COLUMN failure, DROP COLUMN failed_at`);
  }
}
