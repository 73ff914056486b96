import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channel invitations are listed for the invited person (their open invitations, newest first) and for the channel's
 * owner (who has not answered yet): an index for each list.
 */
export class ChannelInvitesIndexes1765330000000 implements MigrationInterface {
  name = 'ChannelInvitesIndexes1765330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX community_channel_invites_user_idx ON community_channel_invites (user_id, created_at DESC, channel_id)`,
    );
    await q.query(
      `CREATE INDEX community_channel_invites_channel_idx ON community_channel_invites (channel_id, created_at DESC, user_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS community_channel_invites_user_idx`);
    await q.query(`DROP INDEX IF EXISTS community_channel_invites_channel_idx`);
  }
}
