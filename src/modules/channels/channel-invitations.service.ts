import { Injectable, NotFoundException } from '@nestjs/common';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { ChannelInvitationPage, ChannelInviteCandidate, ChannelInviteePage } from '../../contracts/channels';
import { toAuthorJson } from '../community';
import { NotificationsService } from '../notifications';
import { type User, UsersService } from '../users';
import { toInvitationJson, toInviteeJson } from './channels.mapper';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';

/** Whom to invite: a user id (from the picker) or a @handle typed in full. */
export interface InviteTarget {
  user_id?: string;
  handle?: string;
}

/** How many people the invite picker suggests. */
export const CANDIDATES = 8;

/**
 * Channel invitations: the owner finds people by handle or name and invites them (told once by a notification), sees
 * who has not answered and withdraws an invitation; the invited person lists theirs, accepts (joins) or declines.
 */
@Injectable()
export class ChannelInvitationsService {
  constructor(
    private readonly repo: ChannelsRepository,
    private readonly channels: ChannelsService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /** The owner invites someone (the only way into a private channel); inviting again is a no-op. */
  async invite(user: User, id: string, target: InviteTarget): Promise<void> {
    const a = await this.channels.owned(id, user);
    const invitee = await this.resolve(target);
    if (invitee.id === user.id || (await this.repo.membership(id, invitee.id)).role)
      throw ValidationFailedException.of(target.user_id ? 'user_id' : 'handle', 'They are already a member.');
    if (!(await this.repo.invite(id, invitee.id, user.id))) return;
    await this.notifications.notify(invitee.id, {
      kind: 'community',
      title: `${user.name} invited you to the channel ${a.group.name}`,
      url: `/channels/${id}`,
      data: { channel_id: id },
    });
  }

  /** People matching `text` by handle or name, each with whether they are already in or invited (owner only). */
  async candidates(user: User, id: string, text: string): Promise<ChannelInviteCandidate[]> {
    await this.channels.owned(id, user);
    const people = (await this.users.findPeople(text, CANDIDATES + 1)).filter((p) => p.id !== user.id);
    const found = people.slice(0, CANDIDATES);
    const statuses = await this.repo.statuses(
      id,
      found.map((p) => p.id),
    );
    return found.map((p) => ({ user: toAuthorJson(p, p.id), status: statuses.get(p.id) ?? null }));
  }

  /** Invitations nobody has answered yet (owner only). */
  async invitees(user: User, id: string, page: number, perPage: number): Promise<ChannelInviteePage> {
    await this.channels.owned(id, user);
    const [rows, total] = await this.repo.invitees(id, (page - 1) * perPage, perPage);
    const people = await this.channels.usersById(rows.map((r) => r.user_id));
    return pageOf(
      rows.map((r) => toInviteeJson(r, people.get(r.user_id))),
      page,
      perPage,
      total,
    );
  }

  /** The owner takes an invitation back. */
  async withdraw(user: User, id: string, inviteeId: string): Promise<void> {
    await this.channels.owned(id, user);
    if (!(await this.repo.removeInvite(id, inviteeId)))
      throw new NotFoundException('There is no open invitation for them.');
  }

  /** The signed-in user's open invitations, newest first. */
  async mine(user: User, page: number, perPage: number): Promise<ChannelInvitationPage> {
    const [rows, total] = await this.repo.invitationsOf(user.id, (page - 1) * perPage, perPage);
    const people = await this.channels.usersById(rows.flatMap((r) => [r.owner_id, r.invited_by ?? r.owner_id]));
    const data = rows.map((r) =>
      toInvitationJson(r, people.get(r.owner_id), r.invited_by ? people.get(r.invited_by) : undefined),
    );
    return pageOf(data, page, perPage, total);
  }

  /** The invited person says no: the invitation is gone (a private channel closes to them again). */
  async decline(user: User, id: string): Promise<void> {
    await this.channels.access(id, user);
    if (!(await this.repo.removeInvite(id, user.id)))
      throw new NotFoundException('You have no invitation to this channel.');
  }

  private async resolve(target: InviteTarget): Promise<User> {
    if (target.user_id) {
      const [found] = await this.users.findByIds([target.user_id]);
      if (!found) throw new NotFoundException('There is no user with that id.');
      return found;
    }
    const handle = (target.handle ?? '').trim().replace(/^@/, '');
    const found = handle ? await this.users.findByHandle(handle) : null;
    if (!found) throw ValidationFailedException.of('handle', 'Nobody has that handle.');
    return found;
  }
}
