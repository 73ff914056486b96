import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { Society, SocietyMemberPage, SocietyPage, SocietyRole } from '../../contracts/society';
import { TrustService } from '../community';
import { NotificationsService } from '../notifications';
import { type User, UsersService } from '../users';
import type { CreateSocietyDto, SocietyDto } from './dto/society.dto';
import { toMemberJson, toSocietyJson } from './society.mapper';
import { SocietyRepository, type SocietyRow } from './society.repository';

export interface Access {
  society: SocietyRow;
  role: SocietyRole | null;
  invited: boolean;
}

/** Societies and membership: who may see, join, invite, change roles. Invite-only ones are for members only. */
@Injectable()
export class SocietyService {
  constructor(
    private readonly repo: SocietyRepository,
    private readonly trust: TrustService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  async access(id: string, viewer: User | undefined): Promise<Access> {
    const society = await this.repo.find(id);
    if (!society) throw new NotFoundException('There is no society with that id.');
    const me = viewer ? await this.repo.membership(id, viewer.id) : { role: null, invited: false };
    return { society, ...me };
  }

  /** 403 for an invite-only society unless the viewer is a member, invited, or an admin. */
  async readable(id: string, viewer: User | undefined): Promise<Access> {
    const a = await this.access(id, viewer);
    if (a.society.visibility === 'invite_only' && !a.role && !a.invited && viewer?.role !== 'admin')
      throw new ForbiddenException('This society is invite-only.');
    return a;
  }

  async member(id: string, user: User): Promise<Access> {
    const a = await this.readable(id, user);
    if (!a.role) throw new ForbiddenException('Join the society first.');
    return a;
  }

  async moderator(id: string, user: User): Promise<Access> {
    const a = await this.readable(id, user);
    if (a.role !== 'owner' && a.role !== 'moderator')
      throw new ForbiddenException('Only the owner and moderators can do that.');
    return a;
  }

  async list(viewer: User | undefined, mine: boolean, page: number, perPage: number): Promise<SocietyPage> {
    const [rows, total] = await this.repo.list(mine && viewer ? viewer.id : null, (page - 1) * perPage, perPage);
    const roles = viewer
      ? await this.repo.roles(
          rows.map((r) => r.id),
          viewer.id,
        )
      : new Map<string, SocietyRole>();
    return pageOf(
      rows.map((r) => toSocietyJson(r, { role: roles.get(r.id) ?? null, invited: false })),
      page,
      perPage,
      total,
    );
  }

  async show(id: string, viewer: User | undefined): Promise<Society> {
    const a = await this.readable(id, viewer);
    return toSocietyJson(a.society, a);
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
    const a = await this.readable(id, user);
    if (a.role !== 'owner') throw new ForbiddenException('Only the owner can change the society.');
    if (dto.name) await this.assertNameFree(dto.name.trim(), id);
    const row = await this.repo.update(id, {
      name: dto.name?.trim(),
      description: dto.description?.trim(),
      visibility: dto.visibility,
    });
    return toSocietyJson(row, a);
  }

  async join(user: User, id: string): Promise<Society> {
    const a = await this.access(id, user);
    if (a.society.visibility === 'invite_only' && !a.role && !a.invited)
      throw new ForbiddenException('This society is invite-only: ask a moderator for an invitation.');
    await this.repo.join(id, user.id);
    return this.show(id, user);
  }

  async leave(user: User, id: string): Promise<void> {
    const a = await this.member(id, user);
    if (a.role === 'owner') throw ValidationFailedException.of('society', 'The owner cannot leave their society.');
    await this.repo.leave(id, user.id);
  }

  async members(id: string, viewer: User | undefined, page: number, perPage: number): Promise<SocietyMemberPage> {
    await this.readable(id, viewer);
    const [rows, total] = await this.repo.members(id, (page - 1) * perPage, perPage);
    const users = new Map((await this.users.findByIds(rows.map((r) => r.user_id))).map((u) => [u.id, u]));
    return pageOf(
      rows.map((r) => toMemberJson(r, users.get(r.user_id))),
      page,
      perPage,
      total,
    );
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
      title: `${user.name} invited you to ${a.society.name}`,
      url: `/societies/${id}`,
      data: { society_id: id },
    });
  }

  /** The owner names moderators (and takes the role back). */
  async setRole(user: User, id: string, memberId: string, role: 'moderator' | 'member'): Promise<void> {
    const a = await this.readable(id, user);
    if (a.role !== 'owner') throw new ForbiddenException('Only the owner can change roles.');
    const target = await this.repo.membership(id, memberId);
    if (!target.role) throw new NotFoundException('They are not a member of this society.');
    if (target.role === 'owner') throw ValidationFailedException.of('role', 'The owner keeps the owner role.');
    await this.repo.setRole(id, memberId, role);
  }

  /** Moderators remove members; only the owner removes moderators; nobody removes the owner. */
  async removeMember(user: User, id: string, memberId: string): Promise<void> {
    const a = await this.moderator(id, user);
    const target = await this.repo.membership(id, memberId);
    if (!target.role) throw new NotFoundException('They are not a member of this society.');
    if (target.role === 'owner' || (target.role === 'moderator' && a.role !== 'owner'))
      throw new ForbiddenException('You cannot remove this member.');
    await this.repo.leave(id, memberId);
  }

  private async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await this.repo.nameTaken(name, exceptId))
      throw ValidationFailedException.of('name', 'A society with this name exists.');
  }
}
