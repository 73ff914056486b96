import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { GroupMemberRow, Membership as GroupMembership } from '../../common/group-membership.policy';
import { GroupMembersRepository } from '../../database/group-members.repository';
import { returningRows } from '../../database/raw-rows';
import type { ChannelPosting, ChannelRole, ChannelVisibility } from '../../contracts/channels';

export interface ChannelRow {
  id: string;
  name: string;
  description: string;
  visibility: ChannelVisibility;
  posting: ChannelPosting;
  owner_id: string;
  members_count: number;
  messages_count: number;
  last_message_at: Date | null;
  created_at: Date;
}

export type ChannelMemberRow = GroupMemberRow<ChannelRole>;

export interface InvitationRow extends ChannelRow {
  invited_by: string | null;
  invited_at: Date;
}

export interface InviteeRow {
  user_id: string;
  created_at: Date;
}

export type ChannelValues = Pick<ChannelRow, 'name' | 'description' | 'visibility' | 'posting'>;
export type Membership = GroupMembership<ChannelRole>;

/** The only place with SQL for community channels, their members and invitations (membership: the shared base). */
@Injectable()
export class ChannelsRepository extends GroupMembersRepository<ChannelRow, ChannelRole, ChannelValues> {
  constructor(@InjectDataSource() db: DataSource) {
    super(db, {
      groups: 'community_channels',
      members: 'community_channel_members',
      invites: 'community_channel_invites',
      key: 'channel_id',
      memberOrder: "role = 'owner' DESC",
    });
  }

  /** Public channels (most members first), or the ones `memberId` belongs to (latest activity first). */
  async list(memberId: string | null, offset: number, limit: number): Promise<[ChannelRow[], number]> {
    if (memberId) {
      const [rows, [{ n }]] = await Promise.all([
        this.m.query(
          `SELECT c.* FROM community_channel_members m JOIN community_channels c ON c.id = m.channel_id
           WHERE m.user_id = $1 ORDER BY m.created_at DESC, c.id OFFSET $2 LIMIT $3`,
          [memberId, offset, limit],
        ) as Promise<ChannelRow[]>,
        this.m.query(`SELECT count(*)::int AS n FROM community_channel_members WHERE user_id = $1`, [
          memberId,
        ]) as Promise<Array<{ n: number }>>,
      ]);
      return [rows, n];
    }
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT * FROM community_channels WHERE visibility = 'public' ORDER BY members_count DESC, id OFFSET $1 LIMIT $2`,
        [offset, limit],
      ) as Promise<ChannelRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM community_channels WHERE visibility = 'public'`) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  /** Drops an invitation (declined or withdrawn); false when there was none. */
  async removeInvite(channelId: string, userId: string): Promise<boolean> {
    const rows = returningRows(
      await this.m.query(
        `DELETE FROM community_channel_invites WHERE channel_id = $1 AND user_id = $2 RETURNING user_id`,
        [channelId, userId],
      ),
    );
    return rows.length > 0;
  }

  /** The user's pending invitations, newest first (index community_channel_invites_user_idx). */
  async invitationsOf(userId: string, offset: number, limit: number): Promise<[InvitationRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT c.*, i.invited_by, i.created_at AS invited_at FROM community_channel_invites i
         JOIN community_channels c ON c.id = i.channel_id
         WHERE i.user_id = $1 ORDER BY i.created_at DESC, i.channel_id OFFSET $2 LIMIT $3`,
        [userId, offset, limit],
      ) as Promise<InvitationRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM community_channel_invites WHERE user_id = $1`, [userId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  /** A channel's unanswered invitations, newest first (index community_channel_invites_channel_idx). */
  async invitees(channelId: string, offset: number, limit: number): Promise<[InviteeRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT user_id, created_at FROM community_channel_invites WHERE channel_id = $1
         ORDER BY created_at DESC, user_id OFFSET $2 LIMIT $3`,
        [channelId, offset, limit],
      ) as Promise<InviteeRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM community_channel_invites WHERE channel_id = $1`, [
        channelId,
      ]) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  /** Of `userIds`, who is a member of the channel and who is invited to it. */
  async statuses(channelId: string, userIds: string[]): Promise<Map<string, 'member' | 'invited'>> {
    if (!userIds.length) return new Map();
    const rows = (await this.m.query(
      `SELECT user_id, 'member' AS status FROM community_channel_members WHERE channel_id = $1 AND user_id = ANY($2::uuid[])
       UNION ALL
       SELECT user_id, 'invited' FROM community_channel_invites WHERE channel_id = $1 AND user_id = ANY($2::uuid[])`,
      [channelId, userIds],
    )) as Array<{ user_id: string; status: 'member' | 'invited' }>;
    const map = new Map<string, 'member' | 'invited'>();
    for (const r of rows) if (!map.has(r.user_id) || r.status === 'member') map.set(r.user_id, r.status);
    return map;
  }

  /** Member ids after `after` (by id), for the fan-out of an owner's message; the owner is left out. */
  async memberIdsAfter(channelId: string, after: string | null, limit: number): Promise<string[]> {
    const rows = (await this.m.query(
      `SELECT user_id FROM community_channel_members WHERE channel_id = $1 AND role <> 'owner'
       AND ($2::uuid IS NULL OR user_id > $2) ORDER BY user_id LIMIT $3`,
      [channelId, after, limit],
    )) as Array<{ user_id: string }>;
    return rows.map((r) => r.user_id);
  }
}

type CountColumn = 'members_count' | 'messages_count';

/** Moves a channel's counter (a new message also moves last_message_at); runs on the caller's manager. */
export async function bumpCount(m: EntityManager, channelId: string, column: CountColumn, step: number) {
  const touched = column === 'messages_count' && step > 0 ? ', last_message_at = now()' : '';
  await m.query(`UPDATE community_channels SET ${column} = GREATEST(${column} + $2, 0)${touched} WHERE id = $1`, [
    channelId,
    step,
  ]);
}
