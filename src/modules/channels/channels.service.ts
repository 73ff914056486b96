import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { ChannelMemberPage, ChannelPage, CommunityChannel } from '../../contracts/channels';
import { TrustService } from '../community';
import { type User, UsersService } from '../users';
import type { ChannelDto, CreateChannelDto } from './dto/channels.dto';
import { toChannelJson, toChannelMemberJson } from './channels.mapper';
import { type ChannelRow, ChannelsRepository, type Membership } from './channels.repository';

export interface ChannelAccess extends Membership {
  channel: ChannelRow;
}

/**
 * Community channels and membership. Public channels are readable by anyone and open to join; private ones only by
 * their members, invited people and admins. Creating a channel needs trust level 2; the creator owns it.
 */
@Injectable()
export class ChannelsService {
  constructor(
    private readonly repo: ChannelsRepository,
    private readonly trust: TrustService,
    private readonly users: UsersService,
  ) {}

  async access(id: string, viewer: User | undefined): Promise<ChannelAccess> {
    const channel = await this.repo.find(id);
    if (!channel) throw new NotFoundException('There is no channel with that id.');
    const me = viewer ? await this.repo.membership(id, viewer.id) : { role: null, invited: false };
    return { channel, ...me };
  }

  /** 403 for a private channel unless the viewer is a member, invited, or an admin. */
  async readable(id: string, viewer: User | undefined): Promise<ChannelAccess> {
    const a = await this.access(id, viewer);
    if (a.channel.visibility === 'private' && !a.role && !a.invited && viewer?.role !== 'admin')
      throw new ForbiddenException('This channel is private.');
    return a;
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
    const [roles, owners] = await Promise.all([
      viewer ? this.repo.roles(ids, viewer.id) : Promise.resolve(new Map<string, never>()),
      this.usersById(rows.map((r) => r.owner_id)),
    ]);
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
    return this.toJson({ ...a, channel: row });
  }

  async join(user: User, id: string): Promise<CommunityChannel> {
    const a = await this.access(id, user);
    if (a.channel.visibility === 'private' && !a.role && !a.invited)
      throw new ForbiddenException('This channel is private: ask its owner for an invitation.');
    await this.repo.join(id, user.id);
    return this.show(id, user);
  }

  async leave(user: User, id: string): Promise<void> {
    const a = await this.readable(id, user);
    if (!a.role) throw new ForbiddenException('You are not a member of this channel.');
    if (a.role === 'owner') throw ValidationFailedException.of('channel', 'The owner cannot leave their channel.');
    await this.repo.leave(id, user.id);
  }

  async members(id: string, viewer: User | undefined, page: number, perPage: number): Promise<ChannelMemberPage> {
    await this.readable(id, viewer);
    const [rows, total] = await this.repo.members(id, (page - 1) * perPage, perPage);
    const users = await this.usersById(rows.map((r) => r.user_id));
    return pageOf(
      rows.map((r) => toChannelMemberJson(r, users.get(r.user_id))),
      page,
      perPage,
      total,
    );
  }

  /** The owner removes a member (not themselves). */
  async removeMember(user: User, id: string, memberId: string): Promise<void> {
    await this.owned(id, user);
    const target = await this.repo.membership(id, memberId);
    if (!target.role) throw new NotFoundException('They are not a member of this channel.');
    if (target.role === 'owner') throw ValidationFailedException.of('user_id', 'The owner stays in the channel.');
    await this.repo.leave(id, memberId);
  }

  async owned(id: string, user: User): Promise<ChannelAccess> {
    const a = await this.readable(id, user);
    if (a.role !== 'owner') throw new ForbiddenException('Only the channel owner can do that.');
    return a;
  }

  async usersById(ids: string[]): Promise<Map<string, User>> {
    return new Map((await this.users.findByIds([...new Set(ids)])).map((u) => [u.id, u]));
  }

  private async toJson(a: ChannelAccess): Promise<CommunityChannel> {
    const [owner] = await this.users.findByIds([a.channel.owner_id]);
    return toChannelJson(a.channel, owner, a);
  }

  private async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await this.repo.nameTaken(name, exceptId))
      throw ValidationFailedException.of('name', 'A channel with this name exists.');
  }
}
