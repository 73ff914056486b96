import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Community channels: a creator's broadcast channel (only the owner posts) or a discussion channel (members post),
 * public (anyone may read and subscribe) or private (members and invited people only). Messages are keyset paged
 * on (created_at, id) per channel; the followers' notice of an owner's message is claimed once (notified_at).
 */
export class CommunityChannels1765160000000 implements MigrationInterface {
  name = 'CommunityChannels1765160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE community_channels (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL,
        description varchar(1000) NOT NULL DEFAULT '',
        visibility varchar(8) NOT NULL DEFAULT 'public' CHECK (visibility IN ('public','private')),
        posting varchar(8) NOT NULL DEFAULT 'owner' CHECK (posting IN ('owner','members')),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        members_count integer NOT NULL DEFAULT 0 CHECK (members_count >= 0),
        messages_count integer NOT NULL DEFAULT 0 CHECK (messages_count >= 0),
        last_message_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX community_channels_name_unique ON community_channels (lower(name))`);
    await q.query(
      `CREATE INDEX community_channels_public_idx ON community_channels (members_count DESC, id) WHERE visibility = 'public'`,
    );
    await q.query(`
      CREATE TABLE community_channel_members (
        channel_id uuid NOT NULL REFERENCES community_channels(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(8) NOT NULL DEFAULT 'member' CHECK (role IN ('owner','member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (channel_id, user_id)
      )`);
    await q.query(
      `CREATE INDEX community_channel_members_user_idx ON community_channel_members (user_id, created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE community_channel_invites (
        channel_id uuid NOT NULL REFERENCES community_channels(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (channel_id, user_id)
      )`);
    await q.query(`
      CREATE TABLE community_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        channel_id uuid NOT NULL REFERENCES community_channels(id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body_html text NOT NULL,
        moderation varchar(12) NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible','pending','hidden','removed')),
        notified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX community_messages_history_idx ON community_messages (channel_id, created_at DESC, id DESC) WHERE moderation = 'visible'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE IF EXISTS community_messages, community_channel_invites, community_channel_members, community_channels`,
    );
  }
}
