import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { TransactionalRepository } from '../../database/transactional-repository';
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

export interface ChannelMemberRow {
  user_id: string;
  role: ChannelRole;
  created_at: Date;
}

export interface InvitationRow extends ChannelRow {
  invited_by: string | null;
  invited_at: Date;
}

export interface InviteeRow {
  user_id: string;
  created_at: Date;
}

export type ChannelValues = Pick<ChannelRow, 'name' | 'description' | 'visibility' | 'posting'>;
export interface Membership {
  role: ChannelRole | null;
  invited: boolean;
}

/** The only place with SQL for community channels, their members and invitations. */
@Injectable()
export class ChannelsRepository extends TransactionalRepository {
  async find(id: string): Promise<ChannelRow | null> {
    const [row] = (await this.m.query(`SELECT * FROM community_channels WHERE id = $1`, [id])) as ChannelRow[];
    return row ?? null;
  }

  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const rows = (await this.m.query(
      `SELECT 1 FROM community_channels WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`,
      [name, exceptId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The channel and its owner's membership together. */
  create(ownerId: string, v: ChannelValues): Promise<ChannelRow> {
    return this.transaction(async (tx) => {
      const [row] = (await tx.m.query(
        `INSERT INTO community_channels (name, description, visibility, posting, owner_id, members_count)
         VALUES ($1, $2, $3, $4, $5, 1) RETURNING *`,
        [v.name, v.description, v.visibility, v.posting, ownerId],
      )) as ChannelRow[];
      await tx.m.query(`INSERT INTO community_channel_members (channel_id, user_id, role) VALUES ($1, $2, 'owner')`, [
        row.id,
        ownerId,
      ]);
      return row;
    });
  }

  async update(id: string, v: Partial<ChannelValues>): Promise<ChannelRow> {
    const entries = Object.entries(v).filter(([, value]) => value !== undefined);
    if (!entries.length) return (await this.find(id))!;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    const [row] = returningRows<ChannelRow>(
      await this.m.query(`UPDATE community_channels SET ${sets} WHERE id = $1 RETURNING *`, [
        id,
        ...entries.map(([, value]) => value),
      ]),
    );
    return row;
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

  async membership(channelId: string, userId: string): Promise<Membership> {
    const [row] = (await this.m.query(
      `SELECT (SELECT role FROM community_channel_members WHERE channel_id = $1 AND user_id = $2) AS role,
              EXISTS (SELECT 1 FROM community_channel_invites WHERE channel_id = $1 AND user_id = $2) AS invited`,
      [channelId, userId],
    )) as Membership[];
    return row;
  }

  async roles(channelIds: string[], userId: string): Promise<Map<string, ChannelRole>> {
    if (!channelIds.length) return new Map();
    const rows = (await this.m.query(
      `SELECT channel_id, role FROM community_channel_members WHERE user_id = $1 AND channel_id = ANY($2::uuid[])`,
      [userId, channelIds],
    )) as Array<{ channel_id: string; role: ChannelRole }>;
    return new Map(rows.map((r) => [r.channel_id, r.role]));
  }

  /** Adds a member (using up any invitation) and counts them; false when already a member. */
  join(channelId: string, userId: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      const rows = (await tx.m.query(
        `INSERT INTO community_channel_members (channel_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING
         RETURNING user_id`,
        [channelId, userId],
      )) as unknown[];
      await tx.m.query(`DELETE FROM community_channel_invites WHERE channel_id = $1 AND user_id = $2`, [
        channelId,
        userId,
      ]);
      if (rows.length) await tx.count(channelId, 'members_count', 1);
      return rows.length > 0;
    });
  }

  /** Removes a member other than the owner; false when they were not one. */
  leave(channelId: string, userId: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      const rows = returningRows(
        await tx.m.query(
          `DELETE FROM community_channel_members WHERE channel_id = $1 AND user_id = $2 AND role <> 'owner'
           RETURNING user_id`,
          [channelId, userId],
        ),
      );
      if (rows.length) await tx.count(channelId, 'members_count', -1);
      return rows.length > 0;
    });
  }

  /** Records an invitation; false when they were already invited. */
  async invite(channelId: string, userId: string, invitedBy: string): Promise<boolean> {
    const rows = returningRows(
      await this.m.query(
        `INSERT INTO community_channel_invites (channel_id, user_id, invited_by) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [channelId, userId, invitedBy],
      ),
    );
    return rows.length > 0;
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

  async members(channelId: string, offset: number, limit: number): Promise<[ChannelMemberRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT user_id, role, created_at FROM community_channel_members WHERE channel_id = $1
         ORDER BY role = 'owner' DESC, created_at, user_id OFFSET $2 LIMIT $3`,
        [channelId, offset, limit],
      ) as Promise<ChannelMemberRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM community_channel_members WHERE channel_id = $1`, [
        channelId,
      ]) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
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

  count(channelId: string, column: CountColumn, step: number): Promise<void> {
    return bumpCount(this.m, channelId, column, step);
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
