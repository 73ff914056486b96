import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import { ValidationFailedException } from '../../common/validation';
import type { Chat, Message, MessageType } from '../../contracts/chats';
import { DomainEvents } from '../events';
import { NotificationsService } from '../notifications';
import { Broadcaster, RealtimeGateway } from '../realtime';
import { RateLimiterService } from '../security';
import { StorageService } from '../storage';
import { UsersService, type User } from '../users';
import {
  CHAT_EVENTS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_STARTS_PER_HOUR,
  MESSAGES_PER_MINUTE,
  chatChannel,
  chatPresenceChannel,
  userChannel,
} from './chats.constants';
import { ChatsQueryService } from './chats-query.service';
import { iso, toMessageJson } from './chats.mapper';
import { ChatsRepository } from './chats.repository';
import type { ListingCard } from './listing-card';
import { refuseOutsider, refuseSend, requireRequestRecipient } from './chats.policy';
import { Clock } from '../../common/clock';

export interface NewMessage {
  type: MessageType;
  content: string;
  data?: Record<string, unknown>;
  clientId?: string;
  /** Another area's reference (e.g. `tour:<id>`): a second send with it returns the first message, posting nothing. */
  ref?: string;
}

export interface FirstMessage {
  message?: string;
  listingId?: string;
  listing?: ListingCard;
  /**
   * Another area opening the chat for the user (e.g. `tour:<id>`): carried on `chat.requested` as `origin`, so the
   * CRM knows that area's own lead covers this contact and records no chat-request lead besides.
   */
  origin?: string;
}

/**
 * The write side of chats: starting chats (new ones are requests until accepted), sending, reading, mute and
 * block, answering requests and leaving. Each change is one repository write followed by its live events.
 */
@Injectable()
export class ChatsCommandService {
  constructor(
    private readonly repo: ChatsRepository,
    private readonly query: ChatsQueryService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly storage: StorageService,
    private readonly limiter: RateLimiterService,
    private readonly broadcaster: Broadcaster,
    private readonly gateway: RealtimeGateway,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** Opens (or reuses) the direct chat with another user. */
  async startDirect(me: User, otherId: string, first?: FirstMessage, socketId?: string) {
    if (otherId === me.id) throw ValidationFailedException.of('user_id', 'You cannot start a chat with yourself.');
    const other = await this.users.findById(otherId);
    if (!other) throw ValidationFailedException.of('user_id', 'We could not find that user.');
    const key = [me.id, other.id].sort().join(':');
    let created = false;
    let chatId = await this.repo.directChatId(key);
    if (!chatId) {
      await this.limiter.hit(`chats:start:${me.id}`, CHAT_STARTS_PER_HOUR, 3600);
      chatId = await this.repo.createDirect(me.id, other.id, key);
      if (chatId) created = true;
      else chatId = (await this.repo.directChatId(key))!; // someone opened it at the same moment
    }
    if (created) await this.announceNewChat(me, chatId, [other.id], socketId);
    if (created) await this.events.publish('chat.requested', `chat|${chatId}`, { chat_id: chatId, from_user_id: me.id, to_user_id: other.id, requested_at: this.clock.now().toISOString(), origin: first?.origin ?? null }); // prettier-ignore
    await this.sendFirst(me, chatId, first, socketId);
    return { chat: await this.query.get(me.id, chatId), created };
  }

  async startGroup(me: User, userIds: string[], name: string | undefined, first?: FirstMessage, socketId?: string) {
    const ids = [...new Set(userIds.filter((id) => id !== me.id))];
    if (ids.length === 0) throw ValidationFailedException.of('user_ids', 'Choose at least one other person.');
    const found = await this.users.findByIds(ids);
    if (found.length !== ids.length)
      throw ValidationFailedException.of('user_ids', 'We could not find some of those users.');
    await this.limiter.hit(`chats:start:${me.id}`, CHAT_STARTS_PER_HOUR, 3600);
    const names = ids.map((id) => found.find((u) => u.id === id)!.name);
    const chatName = name?.trim() || [me.name, ...names].join(', ').slice(0, 120);
    const chatId = await this.repo.createGroup(me.id, chatName, ids);
    await this.announceNewChat(me, chatId, ids, socketId);
    await this.sendFirst(me, chatId, first, socketId);
    return { chat: await this.query.get(me.id, chatId), created: true };
  }

  async startByHandle(me: User, handle: string, first?: FirstMessage, socketId?: string) {
    const other = await this.users.findByHandle(handle);
    if (!other) throw ValidationFailedException.of('handle', 'Nobody has that handle.');
    return this.startDirect(me, other.id, first, socketId);
  }

  private async sendFirst(me: User, chatId: string, first: FirstMessage | undefined, socketId?: string) {
    if (first?.listing)
      await this.send(me, chatId, listingMessage(first.listingId, first.listing, first.message), socketId);
    else if (first?.message) await this.send(me, chatId, { type: 'text', content: first.message }, socketId);
  }

  private async announceNewChat(me: User, chatId: string, recipients: string[], socketId?: string): Promise<void> {
    const summary = await this.query.summary(chatId);
    await this.broadcast([me.id, ...recipients].map(userChannel), CHAT_EVENTS.chatCreated, { chat: summary }, socketId);
    for (const id of recipients) {
      await this.notifications.notify(id, {
        kind: 'chat_request',
        title: `${me.name} wants to chat with you`,
        body: 'Accept the request to reply.',
        url: `/chats?tab=requested&chat=${chatId}`,
        data: { chat_id: chatId, from_user_id: me.id },
      });
    }
  }

  /**
   * Stores a message and, in the same statement, moves the chat to the top and raises the counters of the
   * receivers (see ChatsRepository.insertMessage); people who have the chat open stay at zero.
   */
  async send(me: User, chatId: string, msg: NewMessage, socketId?: string): Promise<Message> {
    if (msg.type === 'text' && !msg.content.trim())
      throw ValidationFailedException.of('content', 'Write a message first.');
    // The spam guard and who has the chat open right now (presence, cluster-wide) in parallel.
    const [, viewing] = await Promise.all([
      this.limiter.hit(`chats:send:${me.id}`, MESSAGES_PER_MINUTE, 60),
      this.viewers(chatId),
    ]);
    const result = await this.repo.insertMessage(chatId, me.id, msg, viewing);
    if (!result) {
      const posted = msg.ref ? await this.repo.messageByRef(chatId, msg.ref) : undefined;
      if (posted) return toMessageJson(posted, new Map([[me.id, me]]));
      return this.explainRefusal(me.id, chatId);
    }
    const message = toMessageJson(result.row, new Map([[me.id, me]]));
    if (msg.clientId) message.client_id = msg.clientId;
    const chat = await this.query.summaryOf(result.people);
    await this.broadcast(
      (result.receivers ?? []).map(userChannel),
      CHAT_EVENTS.messageSent,
      { chat_id: chatId, message, chat },
      socketId,
    );
    return message;
  }

  /**
   * Users who have the chat open on the chats page right now (members of presence-chat.{id}):
   * their counter does not rise. Empty when presence is not tracked here (hosted Pusher).
   */
  private async viewers(chatId: string): Promise<string[]> {
    try {
      const members = await this.gateway.server.presenceMembers(chatPresenceChannel(chatId));
      return members.map((m) => String(m.user_id)).filter(isUuid);
    } catch {
      return [];
    }
  }

  /** The reason a send was refused (only read when it was). */
  private async explainRefusal(userId: string, chatId: string): Promise<never> {
    const states = await this.query.participantStates(chatId);
    const mine = states.find((s) => s.user_id === userId && !s.left_at);
    if (!mine) refuseOutsider(states.length > 0);
    refuseSend(mine);
  }

  async sendImage(
    me: User,
    chatId: string,
    bytes: Buffer | undefined,
    content: string | undefined,
    clientId?: string,
    socketId?: string,
  ): Promise<Message> {
    await this.query.requireParticipant(me.id, chatId);
    if (!bytes?.length) throw ValidationFailedException.of('image', 'Choose an image to send.');
    const stored = await this.storage.storeImage(
      `chats/${chatId}`,
      bytes,
      { field: 'image', maxBytes: CHAT_IMAGE_MAX_BYTES },
      [
        { name: 'thumb', width: 480 },
        { name: 'large', width: 1600 },
      ],
    );
    const image = {
      url: stored.url,
      key: stored.key,
      width: stored.width,
      height: stored.height,
      thumb_url: stored.variants.thumb?.url ?? stored.url,
      large_url: stored.variants.large?.url ?? stored.url,
    };
    try {
      return await this.send(
        me,
        chatId,
        { type: 'image', content: content ?? '', data: { image }, clientId },
        socketId,
      );
    } catch (error) {
      await this.storage.deletePrefix(stored.key.replace(/\.jpg$/, '')).catch(() => undefined);
      throw error;
    }
  }

  async markRead(userId: string, chatId: string, socketId?: string) {
    const readAt = await this.repo.markRead(chatId, userId);
    if (!readAt) await this.query.requireParticipant(userId, chatId);
    const payload = { chat_id: chatId, user_id: userId, last_read_at: iso(readAt)! };
    await this.broadcast([chatChannel(chatId), userChannel(userId)], CHAT_EVENTS.read, payload, socketId);
    return { chat_id: chatId, unread_count: 0 as const, last_read_at: payload.last_read_at };
  }

  async toggleMute(userId: string, chatId: string, socketId?: string): Promise<{ is_muted: boolean }> {
    const settings = await this.toggle(userId, chatId, 'mute', socketId);
    return { is_muted: settings.is_muted };
  }

  /** Blocking also clears the counter: a blocker receives nothing more from the chat. */
  async toggleBlock(userId: string, chatId: string, socketId?: string): Promise<{ is_blocked: boolean }> {
    const settings = await this.toggle(userId, chatId, 'block', socketId);
    return { is_blocked: settings.is_blocked };
  }

  private async toggle(userId: string, chatId: string, setting: 'mute' | 'block', socketId?: string) {
    const row = await this.repo.toggleSetting(chatId, userId, setting);
    if (!row) await this.query.requireParticipant(userId, chatId);
    const settings = { user_id: userId, is_muted: row!.is_muted, is_blocked: row!.is_blocked };
    await this.broadcast(
      userChannel(userId),
      CHAT_EVENTS.settings,
      { chat_id: chatId, chat_settings: settings },
      socketId,
    );
    return settings;
  }

  /**
   * Leaves the chat: the others keep the history (plus a "left" note); the last one out, or the
   * creator withdrawing an unanswered request, deletes it.
   */
  async leave(me: User, chatId: string, socketId?: string): Promise<{ status: 'success'; deleted: boolean }> {
    const states = await this.query.participantStates(chatId);
    const mine = states.find((s) => s.user_id === me.id && !s.left_at);
    if (!mine) refuseOutsider(states.length > 0);
    const remaining = states.filter((s) => s.user_id !== me.id && !s.left_at);
    const withdraw = !mine.accepted && mine.created_by_user_id === me.id && mine.type === 'direct';
    const deleted = remaining.length === 0 || withdraw;
    let note: Message | null = null;
    if (deleted) await this.repo.deleteChat(chatId);
    else note = toMessageJson(await this.repo.leave(chatId, me.id, `${me.name} left the chat`), new Map());
    const channels = [me.id, ...remaining.map((s) => s.user_id)].map(userChannel);
    if (!deleted) channels.push(chatChannel(chatId));
    await this.broadcast(
      channels,
      CHAT_EVENTS.left,
      { chat_id: chatId, user_id: me.id, deleted, message: note },
      socketId,
    );
    return { status: 'success', deleted };
  }

  /** Accepts or declines a request: declining a direct chat deletes it, declining a group leaves it. */
  async respond(
    me: User,
    chatId: string,
    accept: boolean,
    socketId?: string,
  ): Promise<{ status: 'success'; chat: Chat | null }> {
    const states = await this.query.participantStates(chatId);
    const mine = states.find((s) => s.user_id === me.id && !s.left_at);
    if (!mine) refuseOutsider(states.length > 0);
    requireRequestRecipient(mine, me.id);
    if (mine.accepted && !mine.is_request) return { status: 'success', chat: await this.query.get(me.id, chatId) };
    const everyone = states.filter((s) => !s.left_at).map((s) => s.user_id);

    if (accept) {
      // In a direct chat the one answer settles it; in a group each member answers for themself.
      await this.repo.accept(chatId, me.id, mine.type === 'direct');
      const chat = await this.query.get(me.id, chatId);
      const summary = await this.query.summary(chatId);
      await this.broadcast(
        [...everyone.map(userChannel), chatChannel(chatId)],
        CHAT_EVENTS.requestAnswered,
        { chat_id: chatId, user_id: me.id, accepted: true, chat: summary },
        socketId,
      );
      return { status: 'success', chat };
    }

    if (mine.type === 'group') {
      await this.leave(me, chatId, socketId);
    } else {
      await this.repo.deleteChat(chatId);
      await this.broadcast(
        everyone.map(userChannel),
        CHAT_EVENTS.requestAnswered,
        { chat_id: chatId, user_id: me.id, accepted: false, chat: null },
        socketId,
      );
    }
    return { status: 'success', chat: null };
  }

  private async broadcast(channels: string | string[], event: string, payload: unknown, socketId?: string) {
    await this.broadcaster.broadcast(channels, event, payload, { exceptSocketId: socketId });
  }
}

export function listingMessage(listingId: string | undefined, listing: ListingCard, content?: string): NewMessage {
  return {
    type: 'listing',
    content: content ?? '',
    data: {
      listing_id: listingId ?? null,
      listing: {
        title: listing.title,
        price: listing.price ?? null,
        address: listing.address ?? null,
        image_url: listing.image_url ?? null,
        url: listing.url ?? null,
      },
    },
  };
}
