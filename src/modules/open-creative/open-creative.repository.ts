import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { prefixTsQuery } from '../../common/prefix-search';
import { returningRows } from '../../database/raw-rows';
import { TransactionalRepository } from '../../database/transactional-repository';
import type { CreativeSkill, DelegationScope, GrantSide } from '../../contracts/open-creative';

export interface ManagerRow {
  id: string;
  user_id: string;
  headline: string;
  bio: string;
  skills: CreativeSkill[];
  rate_text: string;
  portfolio: string[];
  updated_at: Date;
}
export type ManagerValues = Pick<ManagerRow, 'headline' | 'bio' | 'skills' | 'rate_text' | 'portfolio'>;

export interface GrantRow {
  id: string;
  owner_id: string;
  manager_id: string;
  scopes: DelegationScope[];
  listing_ids: string[] | null;
  status: 'pending' | 'active' | 'declined' | 'revoked';
  expires_at: Date | null;
  accepted_at: Date | null;
  ended_at: Date | null;
  created_at: Date;
}
export type GrantValues = Pick<GrantRow, 'owner_id' | 'manager_id' | 'scopes' | 'listing_ids' | 'expires_at'>;

export interface ActivityRow {
  id: string;
  grant_id: string;
  owner_id: string;
  manager_id: string;
  scope: DelegationScope;
  resource_type: 'walkthrough' | 'spot' | 'design';
  resource_id: string;
  summary: string;
  created_at: Date;
}
export type ActivityValues = Omit<ActivityRow, 'id' | 'created_at'>;

const MANAGER_COLUMNS = 'id, user_id, headline, bio, skills, rate_text, portfolio, updated_at';
const GRANT_COLUMNS =
  'id, owner_id, manager_id, scopes, listing_ids::text[] AS listing_ids, status, expires_at, accepted_at, ended_at, created_at';
const SIDE_COLUMN: Record<GrantSide, string> = { given: 'owner_id', received: 'manager_id' };

/** The only place with SQL for creative_managers, creative_grants and creative_activity. */
@Injectable()
export class OpenCreativeRepository extends TransactionalRepository {
  /** Managers with every given skill and matching the words, most recently updated first. */
  async managers(
    f: { q?: string; skill?: CreativeSkill },
    offset: number,
    limit: number,
  ): Promise<[ManagerRow[], number]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const ts = prefixTsQuery(f.q);
    if (ts) where.push(`search @@ to_tsquery('simple', $${params.push(ts)})`);
    if (f.skill) where.push(`skills @> ARRAY[$${params.push(f.skill)}]::text[]`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT ${MANAGER_COLUMNS} FROM creative_managers ${clause} ORDER BY updated_at DESC, id DESC
         OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, offset, limit],
      ) as Promise<ManagerRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM creative_managers ${clause}`, params) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  async manager(id: string): Promise<ManagerRow | null> {
    const [row] = (await this.m.query(`SELECT ${MANAGER_COLUMNS} FROM creative_managers WHERE id = $1`, [
      id,
    ])) as ManagerRow[];
    return row ?? null;
  }

  async managerOf(userId: string): Promise<ManagerRow | null> {
    const [row] = (await this.m.query(`SELECT ${MANAGER_COLUMNS} FROM creative_managers WHERE user_id = $1`, [
      userId,
    ])) as ManagerRow[];
    return row ?? null;
  }

  async saveManager(userId: string, v: ManagerValues, at: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO creative_managers (user_id, headline, bio, skills, rate_text, portfolio, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id) DO UPDATE SET headline = $2, bio = $3, skills = $4, rate_text = $5, portfolio = $6,
         updated_at = $7`,
      [userId, v.headline, v.bio, v.skills, v.rate_text, v.portfolio, at],
    );
  }

  async removeManager(userId: string): Promise<void> {
    await this.m.query(`DELETE FROM creative_managers WHERE user_id = $1`, [userId]);
  }

  async grant(id: string): Promise<GrantRow | null> {
    const [row] = (await this.m.query(`SELECT ${GRANT_COLUMNS} FROM creative_grants WHERE id = $1`, [
      id,
    ])) as GrantRow[];
    return row ?? null;
  }

  /** The pair's open (pending or active) grant, if any: at most one (a partial unique index). */
  async openGrant(ownerId: string, managerId: string): Promise<GrantRow | null> {
    const [row] = (await this.m.query(
      `SELECT ${GRANT_COLUMNS} FROM creative_grants
       WHERE owner_id = $1 AND manager_id = $2 AND status IN ('pending','active')`,
      [ownerId, managerId],
    )) as GrantRow[];
    return row ?? null;
  }

  /** The manager this copy runs on: the transaction's inside `transaction(work)`, for another module's write. */
  get entityManager(): EntityManager {
    return this.m;
  }

  /**
   * The active grant the access check reads (the same unique index); `lock` (inside a transaction) holds it
   * FOR SHARE so a revoke waits for the delegated change that read it.
   */
  async activeGrant(ownerId: string, managerId: string, lock = false): Promise<GrantRow | null> {
    const [row] = (await this.m.query(
      `SELECT ${GRANT_COLUMNS} FROM creative_grants
       WHERE owner_id = $1 AND manager_id = $2 AND status = 'active'${lock ? ' FOR SHARE' : ''}`,
      [ownerId, managerId],
    )) as GrantRow[];
    return row ?? null;
  }

  async insertGrant(v: GrantValues): Promise<GrantRow> {
    const [row] = (await this.m.query(
      `INSERT INTO creative_grants (owner_id, manager_id, scopes, listing_ids, expires_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${GRANT_COLUMNS}`,
      [v.owner_id, v.manager_id, v.scopes, v.listing_ids, v.expires_at],
    )) as GrantRow[];
    return row;
  }

  /** Moves a grant from one of `from` to `to`; false when it was not in one of them (a concurrent change). */
  async setStatus(id: string, from: GrantRow['status'][], to: GrantRow['status'], at: Date): Promise<boolean> {
    const stamp = to === 'active' ? 'accepted_at' : 'ended_at';
    const rows = returningRows<{ id: string }>(
      await this.m.query(
        `UPDATE creative_grants SET status = $3, ${stamp} = $4 WHERE id = $1 AND status = ANY($2) RETURNING id`,
        [id, from, to, at],
      ),
    );
    return rows.length > 0;
  }

  async grantsOf(userId: string, side: GrantSide, offset: number, limit: number): Promise<[GrantRow[], number]> {
    const column = SIDE_COLUMN[side];
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT ${GRANT_COLUMNS} FROM creative_grants WHERE ${column} = $1
         ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
        [userId, offset, limit],
      ) as Promise<GrantRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM creative_grants WHERE ${column} = $1`, [userId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  async appendActivity(v: ActivityValues): Promise<ActivityRow> {
    const [row] = (await this.m.query(
      `INSERT INTO creative_activity (grant_id, owner_id, manager_id, scope, resource_type, resource_id, summary)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text, grant_id, owner_id, manager_id, scope, resource_type,
         resource_id, summary, created_at`,
      [v.grant_id, v.owner_id, v.manager_id, v.scope, v.resource_type, v.resource_id, v.summary.slice(0, 300)],
    )) as ActivityRow[];
    return row;
  }

  /** Delegated actions on the caller's work (given) or by the caller (received), newest first. */
  async activityOf(userId: string, side: GrantSide, offset: number, limit: number): Promise<[ActivityRow[], number]> {
    const column = SIDE_COLUMN[side];
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT id::text, grant_id, owner_id, manager_id, scope, resource_type, resource_id, summary, created_at
         FROM creative_activity WHERE ${column} = $1 ORDER BY id DESC OFFSET $2 LIMIT $3`,
        [userId, offset, limit],
      ) as Promise<ActivityRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM creative_activity WHERE ${column} = $1`, [userId]) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }
}
