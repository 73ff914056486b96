import { MigrationInterface, QueryRunner } from 'typeorm';

/** Chat messages may carry a sticker (type 'sticker', the sticker as it was sent in data.sticker). */
export class ChatStickers1765230100000 implements MigrationInterface {
  name = 'ChatStickers1765230100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_type_check`);
    await q.query(
      `ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_type_check
         CHECK (type IN ('text', 'image', 'listing', 'system', 'sticker'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM chat_messages WHERE type = 'sticker'`);
    await q.query(`ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_type_check`);
    await q.query(
      `ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_type_check
         CHECK (type IN ('text', 'image', 'listing', 'system'))`,
    );
  }
}
