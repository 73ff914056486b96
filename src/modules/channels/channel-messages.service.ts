import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { decodeCursor, keysetPageOf } from '../../common/keyset';
import { isBlankRichText, richTextToPlain, sanitizeRichText } from '../../common/rich-text';
import { ValidationFailedException } from '../../common/validation';
import type { ChannelHistory, ChannelMessage } from '../../contracts/channels';
import type { FlagReason, FlagResult, ModerationState } from '../../contracts/community';
import { requireMaySee, type ModeratedSubject, ModerationService, TrustService, writtenSubject } from '../community';
import { JobsService } from '../jobs';
import { NotificationsService } from '../notifications';
import { Broadcaster } from '../realtime';
import type { User } from '../users';
import { ChannelMessagesRepository, type MessageRow } from './channel-messages.repository';
import { type ChannelAccess, ChannelsService } from './channels.service';
import { toChannelMessageJson } from './channels.mapper';
import { ChannelsRepository } from './channels.repository';
import {
  CHANNEL_EVENTS,
  CHANNEL_HISTORY_SIZE,
  CHANNEL_MESSAGE_KIND,
  NOTIFY_BATCH,
  NOTIFY_JOB,
  liveChannel,
} from './channels.constants';
import { requireMessageRemover, requireWriter } from './channels.policy';

/**
 * Messages in a channel: who may write (the owner of a broadcast channel, every member of a discussion one),
 * keyset-paged history, live delivery on private-community-channel.{id}, members told of the owner's messages by a
 * fan-out job, flags and the review queue through community moderation (the channel owner decides).
 */
@Injectable()
export class ChannelMessagesService {
  private readonly logger = new Logger('ChannelMessages');

  constructor(
    private readonly repo: ChannelMessagesRepository,
    private readonly channelRows: ChannelsRepository,
    private readonly channels: ChannelsService,
    private readonly trust: TrustService,
    private readonly moderation: ModerationService,
    private readonly broadcaster: Broadcaster,
    private readonly jobs: JobsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async history(channelId: string, viewer: User | undefined, cursor: string | undefined): Promise<ChannelHistory> {
    await this.channels.readable(channelId, viewer);
    const rows = await this.repo.history(channelId, decodeCursor(cursor), CHANNEL_HISTORY_SIZE + 1);
    return keysetPageOf(rows, CHANNEL_HISTORY_SIZE, (page) => this.withAuthors(page));
  }

  /** A channel the user may write in: a member, and in a broadcast channel its owner. */
  async writable(user: User, channelId: string) {
    const access = await this.channels.member(channelId, user);
    requireWriter(access.group, access.role);
    return access;
  }

  async post(user: User, channelId: string, bodyHtml: string, socketId?: string): Promise<ChannelMessage> {
    const a = await this.writable(user, channelId);
    const html = sanitizeRichText(bodyHtml);
    if (isBlankRichText(html)) throw ValidationFailedException.of('body_html', 'Write something first.');
    const state = await this.trust.initialState(user, html);
    const row = await this.repo.add(channelId, user.id, html, state);
    const json = toChannelMessageJson(row, user);
    if (state === 'pending') await this.moderation.queueForReview(this.subject(row));
    else await this.deliver(a, json, socketId);
    return json;
  }

  /** One message's page (the deep link of notifications): readers of the channel see visible ones. */
  async show(messageId: string, viewer: User | undefined): Promise<{ message: ChannelMessage; access: ChannelAccess }> {
    const { message, access } = await this.readableMessage(messageId, viewer);
    await this.trust.recordRead(viewer, this.subject(message));
    const authors = await this.channels.usersById([message.author_id]);
    return { message: toChannelMessageJson(message, authors.get(message.author_id)), access };
  }

  /** Its author, the channel owner or an admin deletes a message; subscribers drop it live. */
  async remove(user: User, messageId: string): Promise<void> {
    const { message, access } = await this.readableMessage(messageId, user);
    requireMessageRemover(user, message, access.role);
    if (await this.repo.remove(message)) await this.announceRemoved(message);
  }

  async flag(user: User, messageId: string, reason: FlagReason): Promise<FlagResult> {
    const { message } = await this.readableMessage(messageId, user);
    return this.moderation.flag(user, this.subject(message), reason);
  }

  /** The fan-out job: tells each member once of an owner's message (the one-time mark makes a retry a no-op). */
  async notifyMembers({ messageId }: { messageId: string }): Promise<void> {
    const message = await this.repo.find(messageId);
    if (!message || message.moderation !== 'visible') return;
    const channel = await this.channelRows.find(message.channel_id);
    if (!channel || !(await this.repo.claimNotice(messageId, this.clock.now()))) return;
    const body = richTextToPlain(message.body_html, 200);
    for (let after: string | null = null; ;) {
      const ids = await this.channelRows.memberIdsAfter(channel.id, after, NOTIFY_BATCH);
      for (const id of ids)
        await this.notifications
          .notify(id, {
            kind: 'community',
            title: `New in ${channel.name}`,
            body,
            url: `/messages/${message.id}`,
            data: { channel_id: channel.id, message_id: message.id },
          })
          .catch((error: Error) => this.logger.warn(`channel notice to ${id} failed: ${error.message}`));
      if (ids.length < NOTIFY_BATCH) break;
      after = ids[ids.length - 1];
    }
  }

  /** Channel messages go to community moderation; the channel's owner decides on them (admins always may). */
  registerModeration(): void {
    this.moderation.register(CHANNEL_MESSAGE_KIND, {
      canModerate: async (user: User, id: string) => {
        const message = await this.repo.find(id);
        return !!message && (await this.channelRows.membership(message.channel_id, user.id)).role === 'owner';
      },
      setState: async (id: string, state: ModerationState) => {
        const row = await this.repo.setState(id, state);
        if (!row) return;
        if (state !== 'visible') return this.announceRemoved(row);
        const access = await this.channels.access(row.channel_id, undefined);
        const authors = await this.channels.usersById([row.author_id]);
        await this.deliver(access, toChannelMessageJson(row, authors.get(row.author_id)));
      },
    });
  }

  subject(message: MessageRow): ModeratedSubject {
    return writtenSubject(CHANNEL_MESSAGE_KIND, message, `/messages/${message.id}`);
  }

  private async deliver(a: ChannelAccess, message: ChannelMessage, socketId?: string): Promise<void> {
    await this.broadcaster.broadcast(
      liveChannel(a.group.id),
      CHANNEL_EVENTS.message,
      { message },
      {
        exceptSocketId: socketId,
      },
    );
    if (message.author.id === a.group.owner_id)
      await this.jobs.dispatch(
        'fanout',
        NOTIFY_JOB,
        { messageId: message.id },
        { jobId: `${NOTIFY_JOB}:${message.id}` },
      );
  }

  private announceRemoved(message: MessageRow): Promise<void> {
    return this.broadcaster.broadcast(liveChannel(message.channel_id), CHANNEL_EVENTS.removed, {
      id: message.id,
      channel_id: message.channel_id,
    });
  }

  private async readableMessage(id: string, viewer: User | undefined) {
    const message = await this.repo.find(id);
    if (!message) throw new NotFoundException('There is no message with that id.');
    const access = await this.channels.readable(message.channel_id, viewer);
    const privileged =
      !!viewer && (viewer.id === message.author_id || access.role === 'owner' || viewer.role === 'admin');
    requireMaySee(message.moderation, privileged, 'message');
    return { message, access };
  }

  private async withAuthors(rows: MessageRow[]): Promise<ChannelMessage[]> {
    const users = await this.channels.usersById(rows.map((r) => r.author_id));
    return rows.map((r) => toChannelMessageJson(r, users.get(r.author_id)));
  }
}
