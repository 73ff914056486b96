import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message posted on behalf of another area (a tour request) carries that area's reference, unique per chat, so a
 * retried event or job posts it once. Most messages have none and stay out of the partial index.
 */
export class ChatMessageRef1765240000000 implements MigrationInterface {
  name = 'ChatMessageRef1765240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chat_messages ADD COLUMN ref varchar(120)`);
    await q.query(`CREATE UNIQUE INDEX chat_messages_ref ON chat_messages (chat_id, ref) WHERE ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS chat_messages_ref`);
    await q.query(`ALTER TABLE chat_messages DROP COLUMN IF EXISTS ref`);
  }
}
