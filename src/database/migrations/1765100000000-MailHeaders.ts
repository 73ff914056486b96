import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Extra headers on a mail (List-Unsubscribe and List-Unsubscribe-Post for anything a recipient can opt out of), kept
 * with the development mailbox's copy so a newcomer and the tests see exactly what SMTP would have been handed.
 */
export class MailHeaders1765100000000 implements MigrationInterface {
  name = 'MailHeaders1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mails ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mails DROP COLUMN headers`);
  }
}
