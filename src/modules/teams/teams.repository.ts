import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TeamRole, TeamType } from '../../contracts/teams';
import type { InvitationRow, JoinRequestRow, MemberRow, MembershipRow, TeamRow } from './teams.rows';

type Db = DataSource | EntityManager;

/** How many of a user's teams a list of their memberships (the team switcher) holds. */
export const MEMBERSHIPS_LISTED = 50;

const TEAM_COLUMNS = `t.id, t.name, t.handle, t.type, t.personal, t.owner_id, t.logo_path, t.email_domain, t.domain_token,
  t.domain_verified_at, t.monthly_budget_micro::text AS monthly_budget_micro, t.created_at`;

/** The only place with SQL for the teams tables (teams, members, current team, invitations, join requests). */
@Injectable()
export class TeamsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- teams ---------------------------------------------------------------------------------------------------

  async findTeam(id: string, db: Db = this.db): Promise<TeamRow | null> {
    const [row] = await db.query(
      `SELECT ${TEAM_COLUMNS}, (SELECT count(*)::int FROM team_members m WHERE m.team_id = t.id) AS members_count
         FROM teams t WHERE t.id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Locks the team row: every change to who owns or administers a team takes this lock first. */
  async lockTeam(tx: EntityManager, id: string): Promise<TeamRow | null> {
    const [row] = await tx.query(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async findTeamByHandle(handle: string): Promise<TeamRow | null> {
    const [row] = await this.db.query(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE lower(t.handle) = lower($1)`, [
      handle,
    ]);
    return row ?? null;
  }

  async isHandleTaken(handle: string, exceptTeamId?: string): Promise<boolean> {
    const [row] = await this.db.query(`SELECT id FROM teams WHERE lower(handle) = lower($1) AND id <> $2`, [
      handle,
      exceptTeamId ?? '00000000-0000-0000-0000-000000000000',
    ]);
    return !!row;
  }

  async findTeamByVerifiedDomain(domain: string): Promise<TeamRow | null> {
    const [row] = await this.db.query(
      `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.email_domain = $1 AND t.domain_verified_at IS NOT NULL`,
      [domain],
    );
    return row ?? null;
  }

  async insertTeam(
    tx: Db,
    team: { name: string; handle: string; type: TeamType; personal: boolean; ownerId: string },
  ): Promise<string> {
    const [row] = await tx.query(
      `INSERT INTO teams (name, handle, type, personal, owner_id) VALUES ($1, lower($2), $3, $4, $5) RETURNING id`,
      [team.name, team.handle, team.type, team.personal, team.ownerId],
    );
    await tx.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [
      row.id,
      team.ownerId,
    ]);
    return row.id;
  }

  async updateTeam(
    id: string,
    changes: Partial<{
      name: string;
      handle: string;
      type: TeamType;
      logo_path: string | null;
      email_domain: string | null;
      domain_token: string | null;
      domain_verified_at: Date | null;
      monthly_budget_micro: string | null;
      owner_id: string;
    }>,
    db: Db = this.db,
  ): Promise<void> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (!entries.length) return;
    const sets = entries.map(([k], i) => (k === 'handle' ? `handle = lower($${i + 2})` : `${k} = $${i + 2}`));
    await db.query(`UPDATE teams SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }

  async deleteTeam(tx: Db, id: string): Promise<void> {
    await tx.query(`DELETE FROM teams WHERE id = $1`, [id]);
  }

  // ---- members -------------------------------------------------------------------------------------------------

  async roleOf(teamId: string, userId: string, db: Db = this.db): Promise<TeamRole | null> {
    const [row] = await db.query(`SELECT role FROM team_members WHERE team_id = $1 AND user_id = $2`, [teamId, userId]);
    return row?.role ?? null;
  }

  /** The user's teams with their role, personal team first, then by name (bounded for the switcher). */
  async membershipsOf(userId: string, limit = MEMBERSHIPS_LISTED): Promise<MembershipRow[]> {
    return this.db.query(
      `SELECT ${TEAM_COLUMNS}, m.role FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = $1 ORDER BY t.personal DESC, lower(t.name), t.id LIMIT $2`,
      [userId, limit],
    );
  }

  async membership(userId: string, teamId: string): Promise<MembershipRow | null> {
    const [row] = await this.db.query(
      `SELECT ${TEAM_COLUMNS}, m.role FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = $1 AND m.team_id = $2`,
      [userId, teamId],
    );
    return row ?? null;
  }

  async personalTeamOf(userId: string): Promise<TeamRow | null> {
    const [row] = await this.db.query(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.owner_id = $1 AND t.personal`, [
      userId,
    ]);
    return row ?? null;
  }

  async members(teamId: string, offset: number, limit: number): Promise<{ rows: MemberRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db.query(
        `SELECT m.user_id, u.name, u.handle, u.email, u.avatar_path, m.role, m.llm_cap_micro::text AS llm_cap_micro,
                m.created_at
           FROM team_members m JOIN users u ON u.id = m.user_id
          WHERE m.team_id = $1 ORDER BY m.created_at, m.user_id OFFSET $2 LIMIT $3`,
        [teamId, offset, limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM team_members WHERE team_id = $1`, [teamId]),
    ]);
    return { rows, total: count.total };
  }

  /** Adds a member; an existing membership is kept as it is. Answers whether a row was added. */
  async addMember(db: Db, teamId: string, userId: string, role: TeamRole): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`,
      [teamId, userId, role],
    );
    return rows.length > 0;
  }

  async setRole(db: Db, teamId: string, userId: string, role: TeamRole): Promise<void> {
    await db.query(`UPDATE team_members SET role = $3 WHERE team_id = $1 AND user_id = $2`, [teamId, userId, role]);
  }

  async setCap(teamId: string, userId: string, capMicro: string | null): Promise<void> {
    await this.db.query(`UPDATE team_members SET llm_cap_micro = $3 WHERE team_id = $1 AND user_id = $2`, [
      teamId,
      userId,
      capMicro,
    ]);
  }

  async removeMember(db: Db, teamId: string, userId: string): Promise<void> {
    await db.query(`DELETE FROM team_members WHERE team_id = $1 AND user_id = $2`, [teamId, userId]);
    // Whoever had this team as current falls back to their personal team on the next request.
    await db.query(`DELETE FROM current_teams WHERE user_id = $1 AND team_id = $2`, [userId, teamId]);
  }

  /** Which of these users are members of the team (any role), in one statement. */
  async membersAmong(teamId: string, userIds: string[]): Promise<string[]> {
    const sql = `SELECT user_id FROM team_members WHERE team_id = $1 AND user_id = ANY($2::uuid[])`;
    const rows = userIds.length ? await this.db.query<Array<{ user_id: string }>>(sql, [teamId, userIds]) : [];
    return rows.map((r) => r.user_id);
  }

  async memberIds(teamId: string, roles: TeamRole[]): Promise<string[]> {
    const rows = await this.db.query(`SELECT user_id FROM team_members WHERE team_id = $1 AND role = ANY($2)`, [
      teamId,
      roles,
    ]);
    return rows.map((r: { user_id: string }) => r.user_id);
  }

  /** Exact per-state counts of the team's properties (kept by a trigger on properties). */
  async propertyCounts(teamId: string): Promise<{ draft: number; published: number; archived: number }> {
    const [row] = await this.db.query(
      `SELECT draft, published, archived FROM team_property_counts WHERE team_id = $1`,
      [teamId],
    );
    return row ?? { draft: 0, published: 0, archived: 0 };
  }

  // ---- current team --------------------------------------------------------------------------------------------

  async currentTeamId(userId: string, db: Db = this.db): Promise<string | null> {
    const [row] = await db.query(`SELECT team_id FROM current_teams WHERE user_id = $1`, [userId]);
    return row?.team_id ?? null;
  }

  async setCurrentTeam(userId: string, teamId: string, db: Db = this.db): Promise<void> {
    await db.query(
      `INSERT INTO current_teams (user_id, team_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET team_id = EXCLUDED.team_id`,
      [userId, teamId],
    );
  }

  // ---- invitations ---------------------------------------------------------------------------------------------

  async insertInvitation(inv: {
    teamId: string;
    email: string;
    role: TeamRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  }): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO team_invitations (team_id, email, role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [inv.teamId, inv.email, inv.role, inv.tokenHash, inv.invitedBy, inv.expiresAt],
    );
    return row.id;
  }

  async findInvitation(id: string, db: Db = this.db): Promise<InvitationRow | null> {
    const [row] = await db.query(`SELECT * FROM team_invitations WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lockInvitation(tx: EntityManager, id: string): Promise<InvitationRow | null> {
    const [row] = await tx.query(`SELECT * FROM team_invitations WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async openInvitationFor(teamId: string, email: string): Promise<InvitationRow | null> {
    const [row] = await this.db.query(
      `SELECT * FROM team_invitations WHERE team_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
      [teamId, email],
    );
    return row ?? null;
  }

  async renewInvitation(id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(`UPDATE team_invitations SET token_hash = $2, expires_at = $3 WHERE id = $1`, [
      id,
      tokenHash,
      expiresAt,
    ]);
  }

  async closeInvitation(id: string, how: 'accepted' | 'revoked', at: Date, db: Db = this.db): Promise<void> {
    await db.query(`UPDATE team_invitations SET ${how}_at = $2 WHERE id = $1`, [id, at]);
  }

  async pendingInvitationsOfTeam(teamId: string, offset: number, limit: number) {
    return this.pagedInvitations(`i.team_id = $1`, teamId, offset, limit);
  }

  async invitationsForEmail(email: string, offset: number, limit: number) {
    return this.pagedInvitations(`i.email = $1`, email, offset, limit);
  }

  private async pagedInvitations(
    where: string,
    value: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: Array<InvitationRow & { team: TeamRow }>; total: number }> {
    const open = `${where} AND i.accepted_at IS NULL AND i.revoked_at IS NULL`;
    const [rows, [count]] = await Promise.all([
      this.db.query(
        `SELECT i.*, row_to_json(t) AS team FROM team_invitations i
           JOIN LATERAL (SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.id = i.team_id) t ON true
          WHERE ${open} ORDER BY i.created_at DESC, i.id OFFSET $2 LIMIT $3`,
        [value, offset, limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM team_invitations i WHERE ${open}`, [value]),
    ]);
    return { rows, total: count.total };
  }

  // ---- join requests -------------------------------------------------------------------------------------------

  async insertJoinRequest(teamId: string, userId: string, message: string | null): Promise<string | null> {
    const rows = await this.db.query(
      `INSERT INTO team_join_requests (team_id, user_id, message) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [teamId, userId, message],
    );
    return rows[0]?.id ?? null;
  }

  async lockJoinRequest(tx: EntityManager, id: string): Promise<JoinRequestRow | null> {
    const [row] = await tx.query(`SELECT * FROM team_join_requests WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async findJoinRequest(id: string): Promise<JoinRequestRow | null> {
    const [row] = await this.db.query(`SELECT * FROM team_join_requests WHERE id = $1`, [id]);
    return row ?? null;
  }

  async decideJoinRequest(
    db: Db,
    id: string,
    status: 'approved' | 'declined',
    deciderId: string,
    at: Date,
  ): Promise<void> {
    await db.query(`UPDATE team_join_requests SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1`, [
      id,
      status,
      deciderId,
      at,
    ]);
  }

  async pendingJoinRequests(
    teamId: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: JoinRequestRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db.query(
        `SELECT r.*, u.name AS user_name, u.handle AS user_handle, u.avatar_path AS user_avatar_path
           FROM team_join_requests r JOIN users u ON u.id = r.user_id
          WHERE r.team_id = $1 AND r.status = 'pending' ORDER BY r.created_at DESC, r.id OFFSET $2 LIMIT $3`,
        [teamId, offset, limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM team_join_requests WHERE team_id = $1 AND status = 'pending'`, [
        teamId,
      ]),
    ]);
    return { rows, total: count.total };
  }
}
