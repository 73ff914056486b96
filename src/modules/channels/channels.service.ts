import { Injectable } from '@nestjs/common';
import { type GroupAccess, GroupMembershipService } from '../../common/group-membership.policy';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { ChannelMemberPage, ChannelPage, ChannelRole, CommunityChannel } from '../../contracts/channels';
import { TrustService } from '../community';
import { type User, UsersService } from '../users';
import type { ChannelDto, CreateChannelDto } from './dto/channels.dto';
import { toChannelJson, toChannelMemberJson } from './channels.mapper';
import { type ChannelRow, ChannelsRepository } from './channels.repository';
import { CHANNEL_GROUP } from './channels.constants';
import { requireMember } from './channels.policy';

export type ChannelAccess = GroupAccess<ChannelRow, ChannelRole>;

/**
 * Community channels and membership. Public channels are readable by anyone and open to join; private ones only by
 * their members, invited people and admins. Creating a channel needs trust level 2; the creator owns it.
 */
@Injectable()
export class ChannelsService extends GroupMembershipService<ChannelRow, ChannelRole, User> {
  constructor(
    private readonly repo: ChannelsRepository,
    private readonly trust: TrustService,
    private readonly users: UsersService,
  ) {
    super(repo, users, CHANNEL_GROUP);
  }

  /** The real-time rule: who may subscribe to private-/presence-community-channel.{id} (members of a private one). */
  async maySubscribe(user: User, id: string): Promise<boolean> {
    const channel = await this.repo.find(id);
    if (!channel) return false;
    if (channel.visibility === 'public' || user.role === 'admin') return true;
    return !!(await this.repo.membership(id, user.id)).role;
  }

  async list(viewer: User | undefined, mine: boolean, page: number, perPage: number): Promise<ChannelPage> {
    const [rows, total] = await this.repo.list(mine && viewer ? viewer.id : null, (page - 1) * perPage, perPage);
    const ids = rows.map((r) => r.id);
    const [roles, owners] = await Promise.all([this.rolesOf(ids, viewer), this.usersById(rows.map((r) => r.owner_id))]);
    const data = rows.map((r) =>
      toChannelJson(r, owners.get(r.owner_id), { role: roles.get(r.id) ?? null, invited: false }),
    );
    return pageOf(data, page, perPage, total);
  }

  async show(id: string, viewer: User | undefined): Promise<CommunityChannel> {
    const a = await this.readable(id, viewer);
    return this.toJson(a);
  }

  async create(user: User, dto: CreateChannelDto): Promise<CommunityChannel> {
    await this.trust.assertCan(user, 'create_channel');
    const name = dto.name.trim();
    await this.assertNameFree(name, null);
    const row = await this.repo.create(user.id, {
      name,
      description: dto.description?.trim() ?? '',
      visibility: dto.visibility ?? 'public',
      posting: dto.posting ?? 'owner',
    });
    return toChannelJson(row, user, { role: 'owner', invited: false });
  }

  async update(user: User, id: string, dto: ChannelDto): Promise<CommunityChannel> {
    const a = await this.owned(id, user);
    if (dto.name) await this.assertNameFree(dto.name.trim(), id);
    const row = await this.repo.update(id, {
      name: dto.name?.trim(),
      description: dto.description?.trim(),
      visibility: dto.visibility,
      posting: dto.posting,
    });
    return this.toJson({ ...a, group: row });
  }

  async join(user: User, id: string): Promise<CommunityChannel> {
    await this.joinGroup(id, user);
    return this.show(id, user);
  }

  async leave(user: User, id: string): Promise<void> {
    const a = await this.readable(id, user);
    requireMember(a.role);
    await this.leaveGroup(id, user, a.role);
  }

  members(id: string, viewer: User | undefined, page: number, perPage: number): Promise<ChannelMemberPage> {
    return this.memberPage(id, viewer, page, perPage, toChannelMemberJson);
  }

  /** The owner removes a member (not themselves). */
  async removeMember(user: User, id: string, memberId: string): Promise<void> {
    await this.owned(id, user);
    if ((await this.memberRole(id, memberId)) === 'owner')
      throw ValidationFailedException.of('user_id', 'The owner stays in the channel.');
    await this.repo.leave(id, memberId);
  }

  owned(id: string, user: User): Promise<ChannelAccess> {
    return this.ownerOnly(id, user, 'Only the channel owner can do that.');
  }

  private async toJson(a: ChannelAccess): Promise<CommunityChannel> {
    const [owner] = await this.users.findByIds([a.group.owner_id]);
    return toChannelJson(a.group, owner, a);
  }
}
