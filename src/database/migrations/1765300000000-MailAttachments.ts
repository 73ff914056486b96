import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attachments on a mail (a tour's calendar invitation), kept with the development mailbox's copy so a newcomer and
 * the tests see exactly what SMTP would have been handed: `[{ filename, contentType, content, encoding? }]`.
 */
export class MailAttachments1765300000000 implements MigrationInterface {
  name = 'MailAttachments1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mails ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mails DROP COLUMN attachments`);
  }
}
