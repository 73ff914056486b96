import { Injectable, NotFoundException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { TeamPermission, TeamRole } from '../../contracts/teams';
import { ValidationFailedException } from '../../common/validation';
import { verifyPassword } from '../auth';
import { StorageService } from '../storage';
import type { User } from '../users';
import { UsersService } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import type { CreateTeamDto, UpdateTeamDto } from './dto/teams.dto';
import { roleAllows } from './team-roles';
import {
  requireDeletable,
  requireOwner,
  requirePermission,
  requireRemoval,
  requireRoleChange,
  requireRoleChanger,
} from './teams.policy';
import { MEMBERSHIPS_LISTED, TeamsRepository } from './teams.repository';
import type { MembershipRow, TeamRow } from './teams.rows';

const LOGO_RULES = { field: 'logo', maxBytes: 5 * 1024 * 1024, mimes: ['image/jpeg', 'image/png', 'image/webp'] };

/** The handle a personal team gets: the user's handle (or "team") and a short stable suffix. */
export function personalHandle(user: Pick<User, 'id' | 'handle'>): string {
  const suffix = createHash('md5').update(user.id).digest('hex').slice(0, 8);
  return `${(user.handle ?? 'team').slice(0, 20)}_${suffix}`;
}

/**
 * Teams and their members: who may do what (`can`), the one-owner rule, ownership transfer, leaving, deleting,
 * the current team. Changes to roles run under a lock on the team row and the database refuses a second owner.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly repo: TeamsRepository,
    private readonly users: UsersService,
    private readonly storage: StorageService,
  ) {}

  // ---- access ---------------------------------------------------------------------------------------------------

  async roleIn(userId: string, teamId: string | null | undefined): Promise<TeamRole | null> {
    if (!teamId || !isUuid(teamId)) return null;
    return this.repo.roleOf(teamId, userId);
  }

  /** `can(user, 'listings.publish', teamId)`: the user's role in the team allows the permission. */
  async can(user: Pick<User, 'id'> | null | undefined, permission: TeamPermission, teamId: string | null) {
    if (!user) return false;
    return roleAllows(await this.roleIn(user.id, teamId), permission);
  }

  /** The membership, or 404 for non-members (a team's existence is not told to strangers). */
  async membershipOrFail(user: User, teamId: string): Promise<MembershipRow> {
    const found = isUuid(teamId) ? await this.repo.membership(user.id, teamId) : null;
    if (!found) throw new NotFoundException('There is no team with that id.');
    return found;
  }

  /** Members without the permission get 403 with what they lack; non-members 404. */
  async authorize(user: User, teamId: string, permission: TeamPermission): Promise<MembershipRow> {
    const membership = await this.membershipOrFail(user, teamId);
    requirePermission(membership.role, permission);
    return membership;
  }

  // ---- teams ----------------------------------------------------------------------------------------------------

  async create(user: User, dto: CreateTeamDto): Promise<TeamRow> {
    await this.assertHandleAvailable(dto.handle);
    const id = await this.uniqueHandle(() =>
      this.repo.transaction(async (tx) => {
        const teamId = await this.repo.insertTeam(tx, { ...dto, personal: false, ownerId: user.id });
        await this.repo.setCurrentTeam(user.id, teamId, tx);
        return teamId;
      }),
    );
    return (await this.repo.findTeam(id))!;
  }

  /** Every user has one personal team (made at registration, or on first use for older accounts). */
  async ensurePersonalTeam(user: Pick<User, 'id' | 'name' | 'handle'>): Promise<TeamRow> {
    const existing = await this.repo.personalTeamOf(user.id);
    if (existing) return existing;
    const name = `${user.name.split(' ')[0].slice(0, 60)}'s Team`;
    await this.repo
      .transaction(async (tx) => {
        const teamId = await this.repo.insertTeam(tx, {
          name,
          handle: personalHandle(user),
          type: 'team',
          personal: true,
          ownerId: user.id,
        });
        if (!(await this.repo.currentTeamId(user.id, tx))) {
          await this.repo.setCurrentTeam(user.id, teamId, tx);
        }
      })
      .catch((error) => {
        // A parallel request made it first (unique personal team per owner).
        if ((error as { code?: string }).code !== '23505') throw error;
      });
    return (await this.repo.personalTeamOf(user.id))!;
  }

  async assertHandleAvailable(handle: string, exceptTeamId?: string): Promise<void> {
    if (await this.repo.isHandleTaken(handle, exceptTeamId)) {
      throw ValidationFailedException.of('handle', 'This team handle is already taken.');
    }
  }

  async update(user: User, teamId: string, dto: UpdateTeamDto): Promise<TeamRow> {
    await this.authorize(user, teamId, 'team.update');
    if (dto.handle) await this.assertHandleAvailable(dto.handle, teamId);
    const budget = dto.monthly_budget_micro === undefined ? undefined : dto.monthly_budget_micro;
    if (budget !== undefined) await this.authorize(user, teamId, 'usage.manage');
    await this.uniqueHandle(() =>
      this.repo.updateTeam(teamId, {
        name: dto.name,
        handle: dto.handle,
        type: dto.type,
        monthly_budget_micro: budget === null ? null : budget?.toString(),
      }),
    );
    return (await this.repo.findTeam(teamId))!;
  }

  async uploadLogo(user: User, teamId: string, bytes: Buffer | undefined): Promise<TeamRow> {
    const team = await this.authorize(user, teamId, 'team.update');
    if (!bytes) throw ValidationFailedException.of('logo', 'Choose an image.');
    const stored = await this.storage.storeImage(`teams/${teamId}`, bytes, LOGO_RULES, []);
    await this.repo.updateTeam(teamId, { logo_path: stored.key });
    if (team.logo_path) await this.storage.delete(team.logo_path).catch(() => undefined);
    return (await this.repo.findTeam(teamId))!;
  }

  /** Only the owner, with their password; a personal team stays as long as its user. */
  async delete(user: User, teamId: string, password: string): Promise<void> {
    const team = await this.authorize(user, teamId, 'team.delete');
    requireDeletable(team);
    await this.assertPassword(user, password);
    await this.repo.transaction((tx) => this.repo.deleteTeam(tx, teamId));
    if (team.logo_path) await this.storage.delete(team.logo_path).catch(() => undefined);
  }

  // ---- members --------------------------------------------------------------------------------------------------

  async members(user: User, teamId: string, offset: number, limit: number) {
    const membership = await this.authorize(user, teamId, 'members.view');
    return { membership, ...(await this.repo.members(teamId, offset, limit)) };
  }

  /** Role changes never touch the owner (ownership moves only by transfer) and never make a second owner. */
  async changeRole(actor: User, teamId: string, memberId: string, role: TeamRole): Promise<void> {
    await this.withTeamLock(teamId, async (tx) => {
      const actorRole = await this.repo.roleOf(teamId, actor.id, tx);
      if (!actorRole) throw new NotFoundException('There is no team with that id.');
      requireRoleChanger(actorRole);
      const current = await this.repo.roleOf(teamId, memberId, tx);
      if (!current) throw new NotFoundException('That user is not a member of this team.');
      requireRoleChange(actorRole, current);
      await this.repo.setRole(tx, teamId, memberId, role);
    });
  }

  /** Ownership moves only to an existing administrator; the old owner becomes an administrator. */
  /** Only a team's owner hands it on (non-members 404). */
  async assertOwner(actor: User, teamId: string): Promise<void> {
    requireOwner((await this.membershipOrFail(actor, teamId)).role);
  }

  async transferOwnership(actor: User, teamId: string, toUserId: string, password: string): Promise<void> {
    await this.assertOwner(actor, teamId);
    await this.assertPassword(actor, password);
    await this.withTeamLock(teamId, async (tx) => {
      const actorRole = await this.repo.roleOf(teamId, actor.id, tx);
      if (!actorRole) throw new NotFoundException('There is no team with that id.');
      requireOwner(actorRole);
      if ((await this.repo.roleOf(teamId, toUserId, tx)) !== 'admin') {
        throw ValidationFailedException.of('user_id', 'Ownership can only go to an administrator of the team.');
      }
      await this.repo.setRole(tx, teamId, actor.id, 'admin');
      await this.repo.setRole(tx, teamId, toUserId, 'owner');
      await this.repo.updateTeam(teamId, { owner_id: toUserId }, tx);
    });
  }

  /** Leaving (memberId = actor) or removing someone; the owner is never removed and cannot leave. */
  async removeMember(actor: User, teamId: string, memberId: string): Promise<void> {
    await this.withTeamLock(teamId, async (tx) => {
      const actorRole = await this.repo.roleOf(teamId, actor.id, tx);
      if (!actorRole) throw new NotFoundException('There is no team with that id.');
      const target = actor.id === memberId ? actorRole : await this.repo.roleOf(teamId, memberId, tx);
      if (!target) throw new NotFoundException('That user is not a member of this team.');
      requireRemoval(actorRole, target, actor.id === memberId);
      await this.repo.removeMember(tx, teamId, memberId);
    });
  }

  async setMemberCap(actor: User, teamId: string, memberId: string, capMicro: number | null): Promise<void> {
    await this.authorize(actor, teamId, 'usage.manage');
    if (!(await this.repo.roleOf(teamId, memberId))) throw new NotFoundException('That user is not a member.');
    await this.repo.setCap(teamId, memberId, capMicro === null ? null : String(capMicro));
  }

  /** Adds a member (invitation or approved request); answers false when they already were one. */
  addMember(tx: EntityManager, teamId: string, userId: string, role: TeamRole): Promise<boolean> {
    return this.repo.addMember(tx, teamId, userId, role);
  }

  /** The users among `userIds` who belong to the team (any role): one read for many `roleIn` checks. */
  membersAmong(teamId: string, userIds: string[]): Promise<string[]> {
    return this.repo.membersAmong(teamId, userIds);
  }

  adminIds(teamId: string): Promise<string[]> {
    return this.repo.memberIds(teamId, ['owner', 'admin']);
  }

  /** The team's property counts per publish state, plus all (for the team dashboard's tabs). */
  async propertyCounts(teamId: string) {
    const c = await this.repo.propertyCounts(teamId);
    return { all: c.draft + c.published + c.archived, ...c };
  }

  // ---- current team ---------------------------------------------------------------------------------------------

  async switchTo(user: User, teamId: string): Promise<MembershipRow> {
    const membership = await this.membershipOrFail(user, teamId);
    await this.repo.setCurrentTeam(user.id, teamId);
    return membership;
  }

  /**
   * The team the user works in: the one the session names if they still belong to it, else the one saved in the
   * database, else their personal team (made now for accounts older than teams).
   */
  async currentMembership(user: User, sessionTeamId?: string | null): Promise<MembershipRow> {
    // The session's team first; the user's saved current team is read only when the session names none it may use.
    const session = sessionTeamId ? await this.repo.membership(user.id, sessionTeamId) : null;
    if (session) return session;
    const saved = await this.repo.currentTeamId(user.id);
    const found = saved && saved !== sessionTeamId ? await this.repo.membership(user.id, saved) : null;
    if (found) return found;
    const personal = await this.ensurePersonalTeam(user);
    await this.repo.setCurrentTeam(user.id, personal.id);
    return { ...personal, role: 'owner' };
  }

  memberships(userId: string): Promise<MembershipRow[]> {
    return this.repo.membershipsOf(userId);
  }

  /**
   * The current membership (as currentMembership) and the user's memberships (as memberships), for a page that shows
   * both: one statement when the session's team is in the list (every request of a session after its first).
   */
  async currentWithAll(
    user: User,
    sessionTeamId?: string | null,
  ): Promise<{ current: MembershipRow; all: MembershipRow[] }> {
    const all = await this.repo.membershipsOf(user.id);
    const inList = sessionTeamId ? all.find((m) => m.id === sessionTeamId) : undefined;
    if (inList) return { current: inList, all };
    const current = await this.currentMembership(user, sessionTeamId);
    // A personal team made just now is not in the list read before it (a full list may just not reach it).
    const missing = all.length < MEMBERSHIPS_LISTED && !all.some((m) => m.id === current.id);
    return { current, all: missing ? await this.repo.membershipsOf(user.id) : all };
  }

  findTeam(teamId: string): Promise<TeamRow | null> {
    return isUuid(teamId) ? this.repo.findTeam(teamId) : Promise.resolve(null);
  }

  findByHandle(handle: string): Promise<TeamRow | null> {
    return this.repo.findTeamByHandle(handle);
  }

  findByVerifiedDomain(domain: string): Promise<TeamRow | null> {
    return this.repo.findTeamByVerifiedDomain(domain);
  }

  setCurrentTeam(userId: string, teamId: string, tx?: EntityManager): Promise<void> {
    return this.repo.setCurrentTeam(userId, teamId, tx);
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  private async withTeamLock<T>(teamId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    if (!isUuid(teamId)) throw new NotFoundException('There is no team with that id.');
    return this.repo.transaction(async (tx) => {
      if (!(await this.repo.lockTeam(tx, teamId))) throw new NotFoundException('There is no team with that id.');
      return work(tx);
    });
  }

  async assertPassword(user: User, password: string): Promise<void> {
    const withSecrets = await this.users.findWithSecrets(user.id);
    if (!withSecrets || !(await verifyPassword(password, withSecrets.passwordHash))) {
      throw ValidationFailedException.of('password', 'The password is incorrect.');
    }
  }

  /** A handle taken between the check and the write (two requests racing) answers the same 422. */
  private async uniqueHandle<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const e = error as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'teams_handle_unique') {
        throw ValidationFailedException.of('handle', 'This team handle is already taken.');
      }
      throw error;
    }
  }
}
