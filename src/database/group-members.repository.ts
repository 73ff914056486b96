import type { DataSource } from 'typeorm';
import type { GroupMemberRow, GroupStore, Membership } from '../common/group-membership.policy';
import { returningRows } from './raw-rows';
import { TransactionalRepository } from './transactional-repository';

/**
 * The tables of a kind of group (channels, societies): the groups (`name`, `owner_id`, `members_count`...), their
 * members (a role per user, the owner's 'owner') and open invitations, both keyed by the group's column `key`.
 */
export interface GroupTables {
  groups: string;
  members: string;
  invites: string;
  key: string;
  /** How the members list starts, before joining order: the owner first, say. */
  memberOrder: string;
}

/**
 * SQL for a kind of group and its membership, shared by the areas' repositories, which add their own columns and
 * lists. The table names are the subclass's constants, never input.
 */
export abstract class GroupMembersRepository<G, R extends string, V extends object>
  extends TransactionalRepository
  implements GroupStore<G, R>
{
  protected constructor(
    db: DataSource,
    private readonly t: GroupTables,
  ) {
    super(db);
  }

  async find(id: string): Promise<G | null> {
    const [row] = (await this.m.query(`SELECT * FROM ${this.t.groups} WHERE id = $1`, [id])) as G[];
    return row ?? null;
  }

  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const rows = (await this.m.query(
      `SELECT 1 FROM ${this.t.groups} WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2`,
      [name, exceptId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The group and its owner's membership together; `values` are its own columns (name, description...). */
  create(ownerId: string, values: V): Promise<G> {
    const entries = Object.entries(values) as Array<[string, unknown]>;
    const columns = entries.map(([k]) => k).join(', ');
    const params = entries.map((_, i) => `$${i + 1}`).join(', ');
    return this.transaction(async (tx) => {
      const [row] = (await tx.m.query(
        `INSERT INTO ${this.t.groups} (${columns}, owner_id, members_count) VALUES (${params}, $${entries.length + 1}, 1)
         RETURNING *`,
        [...entries.map(([, v]) => v), ownerId],
      )) as Array<G & { id: string }>;
      await tx.m.query(`INSERT INTO ${this.t.members} (${this.t.key}, user_id, role) VALUES ($1, $2, 'owner')`, [
        row.id,
        ownerId,
      ]);
      return row;
    });
  }

  /** Sets the given columns (left-out ones stay). */
  async update(id: string, values: Partial<V>): Promise<G> {
    const entries = Object.entries(values).filter(([, value]) => value !== undefined) as Array<[string, unknown]>;
    if (!entries.length) return (await this.find(id))!;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    const [row] = returningRows<G>(
      await this.m.query(`UPDATE ${this.t.groups} SET ${sets} WHERE id = $1 RETURNING *`, [
        id,
        ...entries.map(([, value]) => value),
      ]),
    );
    return row;
  }

  async membership(groupId: string, userId: string): Promise<Membership<R>> {
    const { members, invites, key } = this.t;
    const [row] = (await this.m.query(
      `SELECT (SELECT role FROM ${members} WHERE ${key} = $1 AND user_id = $2) AS role,
              EXISTS (SELECT 1 FROM ${invites} WHERE ${key} = $1 AND user_id = $2) AS invited`,
      [groupId, userId],
    )) as Membership<R>[];
    return row;
  }

  async roles(groupIds: string[], userId: string): Promise<Map<string, R>> {
    if (!groupIds.length) return new Map();
    const rows = (await this.m.query(
      `SELECT ${this.t.key} AS group_id, role FROM ${this.t.members} WHERE user_id = $1 AND ${this.t.key} = ANY($2::uuid[])`,
      [userId, groupIds],
    )) as Array<{ group_id: string; role: R }>;
    return new Map(rows.map((r) => [r.group_id, r.role]));
  }

  /** Adds a member (using up any invitation) and counts them; false when already a member. */
  join(groupId: string, userId: string): Promise<boolean> {
    const { members, invites, key } = this.t;
    return this.transaction(async (tx) => {
      const rows = (await tx.m.query(
        `INSERT INTO ${members} (${key}, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
        [groupId, userId],
      )) as unknown[];
      await tx.m.query(`DELETE FROM ${invites} WHERE ${key} = $1 AND user_id = $2`, [groupId, userId]);
      if (rows.length) await tx.countMembers(groupId, 1);
      return rows.length > 0;
    });
  }

  /** Removes a member other than the owner; false when they were not one. */
  leave(groupId: string, userId: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      const rows = returningRows(
        await tx.m.query(
          `DELETE FROM ${this.t.members} WHERE ${this.t.key} = $1 AND user_id = $2 AND role <> 'owner' RETURNING user_id`,
          [groupId, userId],
        ),
      );
      if (rows.length) await tx.countMembers(groupId, -1);
      return rows.length > 0;
    });
  }

  /** Records an invitation; false when they were already invited. */
  async invite(groupId: string, userId: string, invitedBy: string): Promise<boolean> {
    const rows = returningRows(
      await this.m.query(
        `INSERT INTO ${this.t.invites} (${this.t.key}, user_id, invited_by) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [groupId, userId, invitedBy],
      ),
    );
    return rows.length > 0;
  }

  /** A page of the group's members: `memberOrder`, then by joining. */
  async members(groupId: string, offset: number, limit: number): Promise<[GroupMemberRow<R>[], number]> {
    const { members, key, memberOrder } = this.t;
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT user_id, role, created_at FROM ${members} WHERE ${key} = $1
         ORDER BY ${memberOrder}, created_at, user_id OFFSET $2 LIMIT $3`,
        [groupId, offset, limit],
      ) as Promise<GroupMemberRow<R>[]>,
      this.m.query(`SELECT count(*)::int AS n FROM ${members} WHERE ${key} = $1`, [groupId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  private async countMembers(groupId: string, step: number): Promise<void> {
    await this.m.query(`UPDATE ${this.t.groups} SET members_count = GREATEST(members_count + $2, 0) WHERE id = $1`, [
      groupId,
      step,
    ]);
  }
}
