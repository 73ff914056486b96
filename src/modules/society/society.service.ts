import { Injectable, NotFoundException } from '@nestjs/common';
import { type GroupAccess, GroupMembershipService } from '../../common/group-membership.policy';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { Society, SocietyMemberPage, SocietyPage, SocietyRole } from '../../contracts/society';
import { TrustService } from '../community';
import { NotificationsService } from '../notifications';
import { type User, UsersService } from '../users';
import type { CreateSocietyDto, SocietyDto } from './dto/society.dto';
import { toMemberJson, toSocietyJson } from './society.mapper';
import { SocietyRepository, type SocietyRow } from './society.repository';
import { requireModerator, requireRemovable } from './society.policy';

export type Access = GroupAccess<SocietyRow, SocietyRole>;

/** How societies read in the shared membership rules: invite-only ones are closed. */
const SOCIETY_GROUP = {
  noun: 'society',
  closed: 'invite_only',
  closedMessage: 'This society is invite-only.',
  joinClosedMessage: 'This society is invite-only: ask a moderator for an invitation.',
} as const;

/** Societies and membership: who may see, join, invite, change roles. Invite-only ones are for members only. */
@Injectable()
export class SocietyService extends GroupMembershipService<SocietyRow, SocietyRole, User> {
  constructor(
    private readonly repo: SocietyRepository,
    private readonly trust: TrustService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {
    super(repo, users, SOCIETY_GROUP);
  }

  /** The society, for its owner: only the owner changes its details. */
  changeable(id: string, user: User): Promise<Access> {
    return this.ownerOnly(id, user, 'Only the owner can change the society.');
  }

  /** The society, for its owner: only the owner makes or unmakes moderators. */
  rolesChangeable(id: string, user: User): Promise<Access> {
    return this.ownerOnly(id, user, 'Only the owner can change roles.');
  }

  async moderator(id: string, user: User): Promise<Access> {
    const a = await this.readable(id, user);
    requireModerator(a.role);
    return a;
  }

  async list(viewer: User | undefined, mine: boolean, page: number, perPage: number): Promise<SocietyPage> {
    const [rows, total] = await this.repo.list(mine && viewer ? viewer.id : null, (page - 1) * perPage, perPage);
    const roles = await this.rolesOf(
      rows.map((r) => r.id),
      viewer,
    );
    return pageOf(
      rows.map((r) => toSocietyJson(r, { role: roles.get(r.id) ?? null, invited: false })),
      page,
      perPage,
      total,
    );
  }

  async show(id: string, viewer: User | undefined): Promise<Society> {
    const a = await this.readable(id, viewer);
    return toSocietyJson(a.group, a);
  }

  /** Creating a society needs trust level 2; the creator is its owner. */
  async create(user: User, dto: CreateSocietyDto): Promise<Society> {
    await this.trust.assertCan(user, 'create_society');
    await this.assertNameFree(dto.name.trim(), null);
    const row = await this.repo.create(user.id, {
      name: dto.name.trim(),
      description: dto.description?.trim() ?? '',
      visibility: dto.visibility ?? 'public',
    });
    return toSocietyJson(row, { role: 'owner', invited: false });
  }

  async update(user: User, id: string, dto: SocietyDto): Promise<Society> {
    const a = await this.changeable(id, user);
    if (dto.name) await this.assertNameFree(dto.name.trim(), id);
    const row = await this.repo.update(id, {
      name: dto.name?.trim(),
      description: dto.description?.trim(),
      visibility: dto.visibility,
    });
    return toSocietyJson(row, a);
  }

  async join(user: User, id: string): Promise<Society> {
    await this.joinGroup(id, user);
    return this.show(id, user);
  }

  async leave(user: User, id: string): Promise<void> {
    const a = await this.member(id, user);
    await this.leaveGroup(id, user, a.role);
  }

  members(id: string, viewer: User | undefined, page: number, perPage: number): Promise<SocietyMemberPage> {
    return this.memberPage(id, viewer, page, perPage, toMemberJson);
  }

  async invite(user: User, id: string, inviteeId: string): Promise<void> {
    const a = await this.moderator(id, user);
    const [invitee] = await this.users.findByIds([inviteeId]);
    if (!invitee) throw new NotFoundException('There is no user with that id.');
    if ((await this.repo.membership(id, inviteeId)).role)
      throw ValidationFailedException.of('user_id', 'They are already a member.');
    await this.repo.invite(id, inviteeId, user.id);
    await this.notifications.notify(inviteeId, {
      kind: 'community',
      title: `${user.name} invited you to ${a.group.name}`,
      url: `/societies/${id}`,
      data: { society_id: id },
    });
  }

  /** The owner names moderators (and takes the role back). */
  async setRole(user: User, id: string, memberId: string, role: 'moderator' | 'member'): Promise<void> {
    await this.rolesChangeable(id, user);
    if ((await this.memberRole(id, memberId)) === 'owner')
      throw ValidationFailedException.of('role', 'The owner keeps the owner role.');
    await this.repo.setRole(id, memberId, role);
  }

  /** Moderators remove members; only the owner removes moderators; nobody removes the owner. */
  async removeMember(user: User, id: string, memberId: string): Promise<void> {
    const a = await this.moderator(id, user);
    const role = await this.memberRole(id, memberId);
    requireRemovable(a.role, role);
    await this.repo.leave(id, memberId);
  }
}
