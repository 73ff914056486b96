import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chats, their participants (per-user settings, unread counter, list ordering) and messages.
 * The chat list and unread count read chat_participants only, through the indexes below, so
 * they stay fast for a user with many chats; counters change in the message insert's transaction.
 */
export class Chats1763873100000 implements MigrationInterface {
  name = 'Chats1763873100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE chats (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type varchar(10) NOT NULL DEFAULT 'direct' CHECK (type IN ('direct', 'group')),
        name varchar(120),
        accepted boolean NOT NULL DEFAULT false,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        direct_key varchar(80),
        last_message_id uuid,
        last_message_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One open direct chat per pair of users (the key is cleared when someone leaves).
    await q.query(`CREATE UNIQUE INDEX chats_direct_key_unique ON chats (direct_key) WHERE direct_key IS NOT NULL`);

    await q.query(`
      CREATE TABLE chat_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        type varchar(10) NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'image', 'listing', 'system')),
        content text NOT NULL DEFAULT '',
        data jsonb NOT NULL DEFAULT '{}',
        hidden_for uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX chat_messages_chat_created_idx ON chat_messages (chat_id, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE chat_participants (
        chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        is_muted boolean NOT NULL DEFAULT false,
        is_blocked boolean NOT NULL DEFAULT false,
        is_request boolean NOT NULL DEFAULT false,
        unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
        last_message_id uuid REFERENCES chat_messages(id) ON DELETE SET NULL,
        last_message_at timestamptz NOT NULL DEFAULT now(),
        last_read_at timestamptz,
        left_at timestamptz,
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chat_id, user_id)
      )`);
    // The chat list of a user, newest activity first; every tab filters and counts this scan without
    // reading the table (the flags are in the index).
    await q.query(
      `CREATE INDEX chat_participants_user_list_idx ON chat_participants (user_id, last_message_at DESC, chat_id DESC) INCLUDE (is_muted, is_blocked, is_request) WHERE left_at IS NULL`,
    );
    // The unread total reads only the rows with something unread.
    await q.query(
      `CREATE INDEX chat_participants_user_unread_idx ON chat_participants (user_id) WHERE unread_count > 0 AND left_at IS NULL`,
    );
    await q.query(
      `ALTER TABLE chats ADD CONSTRAINT chats_last_message_fk FOREIGN KEY (last_message_id) REFERENCES chat_messages(id) ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS chat_participants`);
    await q.query(`ALTER TABLE IF EXISTS chats DROP CONSTRAINT IF EXISTS chats_last_message_fk`);
    await q.query(`DROP TABLE IF EXISTS chat_messages`);
    await q.query(`DROP TABLE IF EXISTS chats`);
  }
}
