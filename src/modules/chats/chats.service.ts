import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { NotificationsService } from '../notifications/notifications.service';
import { Broadcaster } from '../realtime/broadcaster.service';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { RateLimiterService } from '../security/rate-limiter.service';
import { StorageService } from '../storage/storage.service';
import type { User } from '../users/user.entity';
import { isUuid } from '../users/users.service';
import type { ChatType, MessageType } from './chat.entity';
import {
  chatUser,
  iso,
  messageJson,
  paginated,
  type ChatJson,
  type ChatSummaryJson,
  type ChatUserJson,
  type MessageJson,
  type MessageRow,
  type Paginated,
} from './chat.presenter';
import {
  CHAT_EVENTS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_STARTS_PER_HOUR,
  MESSAGES_PER_MINUTE,
  chatChannel,
  chatPresenceChannel,
  CHATS_MAX_PAGE_SIZE,
  CHATS_PAGE_SIZE,
  MESSAGES_MAX_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  userChannel,
  type ChatTab,
} from './chats.constants';
import type { ListingCard } from './listing-card';

const NOT_PARTICIPANT = 'You are not a participant in this chat.';

/** Which of a user's chats each tab shows (every tab reads only that user's chat_participants rows). */
const TAB_FILTERS: Record<ChatTab, string> = {
  chats: 'NOT p.is_blocked AND NOT p.is_muted AND NOT p.is_request',
  requested: 'p.is_request AND NOT p.is_blocked',
  muted: 'p.is_muted AND NOT p.is_blocked AND NOT p.is_request',
  blocked: 'p.is_blocked',
};

interface ParticipantState {
  chat_id: string;
  type: ChatType;
  name: string | null;
  accepted: boolean;
  created_by_user_id: string | null;
  created_at: Date;
  user_id: string;
  is_muted: boolean;
  is_blocked: boolean;
  is_request: boolean;
  left_at: Date | null;
  u_name: string;
  u_handle: string | null;
  u_avatar_path: string | null;
}

/** The chat and its people as the send statement returns them (JSON). */
interface ChatRowJson {
  chat_id: string;
  type: ChatType;
  name: string | null;
  accepted: boolean;
  created_by_user_id: string | null;
  created_at: string;
  people: Array<{
    user_id: string;
    left_at: string | null;
    u_name: string;
    u_handle: string | null;
    u_avatar_path: string | null;
  }>;
}

interface ListRow extends Record<string, unknown> {
  chat_id: string;
  is_muted: boolean;
  is_blocked: boolean;
  is_request: boolean;
  unread_count: number;
  type: ChatType;
  name: string | null;
  accepted: boolean;
  created_by_user_id: string | null;
  created_at: Date;
  m_id: string | null;
}

export interface NewMessage {
  type: MessageType;
  content: string;
  data?: Record<string, unknown>;
  clientId?: string;
}

export interface UnreadCounts {
  count: number;
  tabs: Record<ChatTab, number>;
}

const LIST_SELECT = `
  SELECT p.chat_id, p.is_muted, p.is_blocked, p.is_request, p.unread_count,
         c.type, c.name, c.accepted, c.created_by_user_id, c.created_at,
         m.id AS m_id, m.user_id AS m_user_id, m.type AS m_type, m.content AS m_content, m.data AS m_data, m.created_at AS m_created_at,
         mu.name AS m_u_name, mu.handle AS m_u_handle, mu.avatar_path AS m_u_avatar_path
    FROM chat_participants p
    JOIN chats c ON c.id = p.chat_id
    LEFT JOIN chat_messages m ON m.id = p.last_message_id
    LEFT JOIN users mu ON mu.id = m.user_id`;

/**
 * Chats: requests, settings, messages and their live delivery (spec 3, 4 and 7 "Chats").
 * The list and the unread total read one user's chat_participants rows through their indexes;
 * a message updates every receiver's counter and list position in the insert's transaction.
 */
@Injectable()
export class ChatsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifications: NotificationsService,
    private readonly storage: StorageService,
    private readonly limiter: RateLimiterService,
    private readonly broadcaster: Broadcaster,
    private readonly gateway: RealtimeGateway,
  ) {}

  // ---------------------------------------------------------------- reading

  async list(userId: string, tab: ChatTab | 'all', page = 1, perPage = CHATS_PAGE_SIZE): Promise<Paginated<ChatJson>> {
    const per = Math.min(Math.max(1, perPage), CHATS_MAX_PAGE_SIZE);
    const current = Math.max(1, page);
    const filter = tab === 'all' ? 'TRUE' : TAB_FILTERS[tab];
    // The page's chat ids come from the index alone; only those 20 rows are joined.
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `WITH page AS (
           SELECT p.chat_id FROM chat_participants p
            WHERE p.user_id = $1 AND p.left_at IS NULL AND ${filter}
            ORDER BY p.last_message_at DESC, p.chat_id DESC
            LIMIT $2 OFFSET $3
         )
         ${LIST_SELECT}
          WHERE p.user_id = $1 AND p.chat_id IN (SELECT chat_id FROM page)
          ORDER BY p.last_message_at DESC, p.chat_id DESC`,
        [userId, per, (current - 1) * per],
      ) as Promise<ListRow[]>,
      this.db.query(
        `SELECT count(*)::int AS total FROM chat_participants p WHERE p.user_id = $1 AND p.left_at IS NULL AND ${filter}`,
        [userId],
      ) as Promise<Array<{ total: number }>>,
    ]);
    return paginated(await this.present(userId, rows), current, per, total);
  }

  /** The sum of the user's counters (muted and blocked chats never count), plus per tab for badges. */
  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const [row] = (await this.db.query(
      `SELECT
         coalesce(sum(unread_count) FILTER (WHERE NOT is_muted AND NOT is_blocked), 0)::int AS count,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.chats.replace(/p\./g, '')}), 0)::int AS chats,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.requested.replace(/p\./g, '')}), 0)::int AS requested,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.muted.replace(/p\./g, '')}), 0)::int AS muted,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.blocked.replace(/p\./g, '')}), 0)::int AS blocked
       FROM chat_participants WHERE user_id = $1 AND unread_count > 0 AND left_at IS NULL`,
      [userId],
    )) as Array<{ count: number } & Record<ChatTab, number>>;
    return {
      count: row.count,
      tabs: { chats: row.chats, requested: row.requested, muted: row.muted, blocked: row.blocked },
    };
  }

  /** Ids of the user's open chats; with another user, only the chats both are in. */
  async chatIds(userId: string, withUserId?: string): Promise<string[]> {
    if (withUserId && withUserId !== userId) {
      if (!isUuid(withUserId)) return [];
      const rows = (await this.db.query(
        `SELECT p.chat_id FROM chat_participants p
           JOIN chat_participants o ON o.chat_id = p.chat_id AND o.user_id = $2 AND o.left_at IS NULL
          WHERE p.user_id = $1 AND p.left_at IS NULL
          ORDER BY p.last_message_at DESC`,
        [userId, withUserId],
      )) as Array<{ chat_id: string }>;
      return rows.map((r) => r.chat_id);
    }
    const rows = (await this.db.query(
      `SELECT chat_id FROM chat_participants p WHERE user_id = $1 AND left_at IS NULL ORDER BY last_message_at DESC, chat_id DESC`,
      [userId],
    )) as Array<{ chat_id: string }>;
    return rows.map((r) => r.chat_id);
  }

  /** One chat as this participant sees it (404 unknown, 403 not an active participant). */
  async get(userId: string, chatId: string, withMessages = false): Promise<ChatJson> {
    await this.requireParticipant(userId, chatId);
    const rows = (await this.db.query(`${LIST_SELECT} WHERE p.user_id = $1 AND p.chat_id = $2`, [
      userId,
      chatId,
    ])) as ListRow[];
    const [chat] = await this.present(userId, rows);
    if (withMessages) chat.messages = (await this.messages(userId, chatId, {})).data;
    return chat;
  }

  /** History, newest page first; each page in reading order. `before` (a message id) pages by cursor. */
  async messages(
    userId: string,
    chatId: string,
    opts: { page?: number; perPage?: number; before?: string },
  ): Promise<Paginated<MessageJson> & { has_more: boolean }> {
    await this.requireParticipant(userId, chatId);
    const per = Math.min(Math.max(1, opts.perPage ?? MESSAGES_PAGE_SIZE), MESSAGES_MAX_PAGE_SIZE);
    const page = Math.max(1, opts.page ?? 1);
    const params: unknown[] = [chatId, userId, per + 1];
    let cursor = '';
    let offset = (page - 1) * per;
    if (opts.before) {
      params.push(opts.before);
      cursor = `AND (m.created_at, m.id) < (SELECT created_at, id FROM chat_messages WHERE id = $4 AND chat_id = $1)`;
      offset = 0;
    }
    params.push(offset);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT m.*, u.name AS u_name, u.handle AS u_handle, u.avatar_path AS u_avatar_path
           FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id
          WHERE m.chat_id = $1 AND NOT ($2::uuid = ANY (m.hidden_for)) ${cursor}
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT $3 OFFSET $${params.length}`,
        params,
      ) as Promise<MessageRow[]>,
      this.db.query(
        `SELECT count(*)::int AS total FROM chat_messages m WHERE m.chat_id = $1 AND NOT ($2::uuid = ANY (m.hidden_for))`,
        [chatId, userId],
      ) as Promise<Array<{ total: number }>>,
    ]);
    const hasMore = rows.length > per;
    const data = rows.slice(0, per).reverse().map(messageJson);
    return { ...paginated(data, page, per, total), has_more: hasMore };
  }

  /** For channel and media rules: an active (not left) participant. */
  async isActiveParticipant(userId: string, chatId: string): Promise<boolean> {
    if (!isUuid(chatId)) return false;
    const rows = (await this.db.query(
      `SELECT 1 FROM chat_participants WHERE chat_id = $1 AND user_id = $2 AND left_at IS NULL`,
      [chatId, userId],
    )) as unknown[];
    return rows.length > 0;
  }

  // ---------------------------------------------------------------- starting chats

  /** Opens (or reuses) the direct chat with another user; new chats are requests until accepted. */
  async startDirect(
    me: User,
    otherId: string,
    first?: { message?: string; listingId?: string; listing?: ListingCard },
    socketId?: string,
  ) {
    if (otherId === me.id) throw ValidationFailedException.of('user_id', 'You cannot start a chat with yourself.');
    const other = await this.findUser(otherId);
    if (!other) throw ValidationFailedException.of('user_id', 'We could not find that user.');
    const key = [me.id, other.id].sort().join(':');
    let created = false;
    let chatId = await this.openDirectChat(key);
    if (!chatId) {
      await this.limiter.hit(`chats:start:${me.id}`, CHAT_STARTS_PER_HOUR, 3600);
      chatId = await this.db.transaction(async (m) => {
        const inserted = (await m.query(
          `INSERT INTO chats (type, accepted, created_by_user_id, direct_key) VALUES ('direct', false, $1, $2)
           ON CONFLICT (direct_key) WHERE direct_key IS NOT NULL DO NOTHING RETURNING id`,
          [me.id, key],
        )) as Array<{ id: string }>;
        if (inserted.length === 0) return null; // someone opened it at the same moment
        await m.query(
          `INSERT INTO chat_participants (chat_id, user_id, is_request, last_message_at, joined_at) VALUES ($1, $2, false, now(), now()), ($1, $3, true, now(), now())`,
          [inserted[0].id, me.id, other.id],
        );
        return inserted[0].id;
      });
      if (chatId) created = true;
      else chatId = (await this.openDirectChat(key))!;
    }
    if (created) await this.announceNewChat(me, chatId, [other.id], socketId);
    await this.sendFirst(me, chatId, first, socketId);
    return { chat: await this.get(me.id, chatId), created };
  }

  async startGroup(
    me: User,
    userIds: string[],
    name: string | undefined,
    first?: { message?: string },
    socketId?: string,
  ) {
    const ids = [...new Set(userIds.filter((id) => id !== me.id))];
    if (ids.length === 0) throw ValidationFailedException.of('user_ids', 'Choose at least one other person.');
    const found = (await this.db.query(`SELECT id, name FROM users WHERE id = ANY ($1::uuid[])`, [ids])) as Array<{
      id: string;
      name: string;
    }>;
    if (found.length !== ids.length)
      throw ValidationFailedException.of('user_ids', 'We could not find some of those users.');
    await this.limiter.hit(`chats:start:${me.id}`, CHAT_STARTS_PER_HOUR, 3600);
    const chatName = name?.trim() || [me.name, ...found.map((u) => u.name)].join(', ').slice(0, 120);
    const chatId = await this.db.transaction(async (m) => {
      const [{ id }] = (await m.query(
        `INSERT INTO chats (type, name, accepted, created_by_user_id) VALUES ('group', $1, false, $2) RETURNING id`,
        [chatName, me.id],
      )) as Array<{ id: string }>;
      await m.query(
        `INSERT INTO chat_participants (chat_id, user_id, is_request, last_message_at, joined_at)
         SELECT $1, u, u <> $2, now(), now() FROM unnest($3::uuid[]) AS u`,
        [id, me.id, [me.id, ...ids]],
      );
      return id;
    });
    await this.announceNewChat(me, chatId, ids, socketId);
    await this.sendFirst(me, chatId, first, socketId);
    return { chat: await this.get(me.id, chatId), created: true };
  }

  private async sendFirst(
    me: User,
    chatId: string,
    first: { message?: string; listingId?: string; listing?: ListingCard } | undefined,
    socketId?: string,
  ) {
    if (first?.listing)
      await this.send(me, chatId, listingMessage(first.listingId, first.listing, first.message), socketId);
    else if (first?.message) await this.send(me, chatId, { type: 'text', content: first.message }, socketId);
  }

  private async announceNewChat(me: User, chatId: string, recipients: string[], socketId?: string): Promise<void> {
    const summary = await this.summary(chatId);
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
   * Where "Message" on a profile leads: the direct chat with that person if there is one, else who they are
   * (the page then offers to start it; nothing is created until a first message is sent).
   */
  async directChatOrRecipient(
    meId: string,
    otherId: string,
  ): Promise<{ chatId: string | null; recipient: { id: string; name: string } | null }> {
    const other = otherId !== meId ? await this.findUser(otherId) : null;
    if (!other) return { chatId: null, recipient: null };
    const chatId = await this.openDirectChat([meId, other.id].sort().join(':'));
    return chatId ? { chatId, recipient: null } : { chatId: null, recipient: other };
  }

  private async openDirectChat(key: string): Promise<string | null> {
    const rows = (await this.db.query(`SELECT id FROM chats WHERE direct_key = $1`, [key])) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  // ---------------------------------------------------------------- messages

  /**
   * Stores a message and, in the same transaction, moves the chat to the top and raises the
   * counters of the receivers: not the sender, not a muted chat, not a blocker (who does not
   * receive it at all); an unaccepted chat shows as a request with unread count 1.
   */
  async send(me: User, chatId: string, msg: NewMessage, socketId?: string): Promise<MessageJson> {
    if (!isUuid(chatId)) throw new NotFoundException('Chat not found.');
    if (msg.type === 'text' && !msg.content.trim())
      throw ValidationFailedException.of('content', 'Write a message first.');
    // The spam guard and who has the chat open right now (presence, cluster-wide) in parallel.
    const [, viewing] = await Promise.all([
      this.limiter.hit(`chats:send:${me.id}`, MESSAGES_PER_MINUTE, 60),
      this.viewers(chatId),
    ]);

    // One statement (one atomic transaction, one round trip): the sender may post (an active,
    // answered, unblocked participant with someone else still there), the insert, the chat's
    // last message, every receiver's counter and list position, and the chat for the live event.
    const [result] = (await this.db.query(
      `WITH allowed AS (
         SELECT 1 FROM chat_participants p
          WHERE p.chat_id = $1 AND p.user_id = $2 AND p.left_at IS NULL AND NOT p.is_request AND NOT p.is_blocked
            AND EXISTS (SELECT 1 FROM chat_participants o WHERE o.chat_id = $1 AND o.user_id <> $2 AND o.left_at IS NULL)
       ), msg AS (
         INSERT INTO chat_messages (chat_id, user_id, type, content, data, hidden_for)
         SELECT $1, $2, $3, $4, $5, ARRAY(SELECT user_id FROM chat_participants WHERE chat_id = $1 AND user_id <> $2 AND left_at IS NULL AND is_blocked)
           FROM allowed
         RETURNING *
       ), chat AS (
         UPDATE chats c SET last_message_id = msg.id, last_message_at = msg.created_at, updated_at = now()
           FROM msg WHERE c.id = msg.chat_id AND (c.last_message_at IS NULL OR c.last_message_at <= msg.created_at)
         RETURNING c.id
       ), receivers AS (
         UPDATE chat_participants p SET
           last_message_id = CASE WHEN p.last_message_at <= msg.created_at THEN msg.id ELSE p.last_message_id END,
           last_message_at = GREATEST(p.last_message_at, msg.created_at),
           unread_count = CASE
             WHEN p.user_id = $2 OR p.user_id = ANY ($6::uuid[]) THEN 0
             WHEN p.is_muted THEN p.unread_count
             WHEN p.is_request THEN 1
             ELSE p.unread_count + 1 END,
           last_read_at = CASE WHEN p.user_id = $2 OR p.user_id = ANY ($6::uuid[]) THEN msg.created_at ELSE p.last_read_at END
           FROM msg
          WHERE p.chat_id = msg.chat_id AND p.left_at IS NULL AND NOT p.is_blocked
         RETURNING p.user_id
       )
       SELECT to_jsonb(msg.*) AS row,
              (SELECT array_agg(user_id) FROM receivers) AS receivers,
              (SELECT count(*) FROM chat) AS touched,
              (SELECT jsonb_build_object('chat_id', c.id, 'type', c.type, 'name', c.name, 'accepted', c.accepted,
                        'created_by_user_id', c.created_by_user_id, 'created_at', c.created_at,
                        'people', (SELECT jsonb_agg(jsonb_build_object('user_id', pp.user_id, 'left_at', pp.left_at, 'u_name', u.name,
                                                     'u_handle', u.handle, 'u_avatar_path', u.avatar_path) ORDER BY pp.joined_at, pp.user_id)
                                     FROM chat_participants pp JOIN users u ON u.id = pp.user_id WHERE pp.chat_id = c.id))
                 FROM chats c WHERE c.id = $1) AS chat
         FROM msg`,
      [chatId, me.id, msg.type, msg.content, JSON.stringify(msg.data ?? {}), viewing],
    )) as Array<{ row: MessageRow; receivers: string[] | null; chat: ChatRowJson }>;

    if (!result) throw await this.whyNotAllowed(me.id, chatId);
    const message = messageJson({ ...result.row, u_name: me.name, u_handle: me.handle, u_avatar_path: me.avatarPath });
    if (msg.clientId) message.client_id = msg.clientId;
    const { people, ...chatColumns } = result.chat;
    const chat = summaryFrom(people.map((p) => ({ ...chatColumns, ...p }) as unknown as ParticipantState));
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
  private async whyNotAllowed(userId: string, chatId: string): Promise<Error> {
    const states = await this.participantStates(chatId);
    const mine = states.find((s) => s.user_id === userId && !s.left_at);
    if (!mine) return this.accessError(states.length > 0);
    if (mine.is_request) return new ForbiddenException('Accept this chat request before replying.');
    if (mine.is_blocked) return new ForbiddenException('Unblock this chat to send messages.');
    return new ForbiddenException('Nobody else is in this chat any more.');
  }

  async sendImage(
    me: User,
    chatId: string,
    bytes: Buffer | undefined,
    content: string | undefined,
    clientId?: string,
    socketId?: string,
  ): Promise<MessageJson> {
    await this.requireParticipant(me.id, chatId);
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

  private async setChatLastMessage(m: EntityManager, chatId: string, row: MessageRow): Promise<void> {
    await m.query(
      `UPDATE chats SET last_message_id = $2, last_message_at = $3, updated_at = now()
        WHERE id = $1 AND (last_message_at IS NULL OR last_message_at <= $3)`,
      [chatId, row.id, row.created_at],
    );
  }

  async markRead(
    userId: string,
    chatId: string,
    socketId?: string,
  ): Promise<{ chat_id: string; unread_count: 0; last_read_at: string }> {
    if (!isUuid(chatId)) throw new NotFoundException('Chat not found.');
    const rows = rowsOf(
      (await this.db.query(
        `UPDATE chat_participants SET unread_count = 0, last_read_at = now() WHERE chat_id = $1 AND user_id = $2 AND left_at IS NULL RETURNING last_read_at`,
        [chatId, userId],
      )) as unknown,
    ) as Array<{ last_read_at: Date }>;
    if (rows.length === 0) await this.requireParticipant(userId, chatId);
    const payload = { chat_id: chatId, user_id: userId, last_read_at: iso(rows[0].last_read_at)! };
    await this.broadcast([chatChannel(chatId), userChannel(userId)], CHAT_EVENTS.read, payload, socketId);
    return { chat_id: chatId, unread_count: 0, last_read_at: payload.last_read_at };
  }

  // ---------------------------------------------------------------- settings, leaving, requests

  async toggleMute(userId: string, chatId: string, socketId?: string): Promise<{ is_muted: boolean }> {
    const rows = await this.updateMine(userId, chatId, `is_muted = NOT is_muted`, 'is_muted, is_blocked');
    const settings = { user_id: userId, is_muted: rows.is_muted as boolean, is_blocked: rows.is_blocked as boolean };
    await this.broadcast(
      userChannel(userId),
      CHAT_EVENTS.settings,
      { chat_id: chatId, chat_settings: settings },
      socketId,
    );
    return { is_muted: settings.is_muted };
  }

  /** Blocking also clears the counter: a blocker receives nothing more from the chat. */
  async toggleBlock(userId: string, chatId: string, socketId?: string): Promise<{ is_blocked: boolean }> {
    const rows = await this.updateMine(
      userId,
      chatId,
      `is_blocked = NOT is_blocked, unread_count = CASE WHEN is_blocked THEN unread_count ELSE 0 END`,
      'is_muted, is_blocked',
    );
    const settings = { user_id: userId, is_muted: rows.is_muted as boolean, is_blocked: rows.is_blocked as boolean };
    await this.broadcast(
      userChannel(userId),
      CHAT_EVENTS.settings,
      { chat_id: chatId, chat_settings: settings },
      socketId,
    );
    return { is_blocked: settings.is_blocked };
  }

  private async updateMine(
    userId: string,
    chatId: string,
    set: string,
    returning: string,
  ): Promise<Record<string, unknown>> {
    if (!isUuid(chatId)) throw new NotFoundException('Chat not found.');
    const rows = rowsOf(
      (await this.db.query(
        `UPDATE chat_participants SET ${set} WHERE chat_id = $1 AND user_id = $2 AND left_at IS NULL RETURNING ${returning}`,
        [chatId, userId],
      )) as unknown,
    ) as Array<Record<string, unknown>>;
    if (rows.length === 0) await this.requireParticipant(userId, chatId);
    return rows[0];
  }

  /**
   * Leaves the chat: the others keep the history (plus a "left" note); the last one out, or the
   * creator withdrawing an unanswered request, deletes it.
   */
  async leave(me: User, chatId: string, socketId?: string): Promise<{ status: 'success'; deleted: boolean }> {
    const states = await this.participantStates(chatId);
    const mine = states.find((s) => s.user_id === me.id && !s.left_at);
    if (!mine) throw this.accessError(states.length > 0);
    const remaining = states.filter((s) => s.user_id !== me.id && !s.left_at);
    const withdraw = !mine.accepted && mine.created_by_user_id === me.id && mine.type === 'direct';
    const deleted = remaining.length === 0 || withdraw;
    let note: MessageJson | null = null;
    await this.db.transaction(async (m) => {
      if (deleted) {
        await m.query(`DELETE FROM chats WHERE id = $1`, [chatId]);
        return;
      }
      await m.query(
        `UPDATE chat_participants SET left_at = now(), unread_count = 0, is_request = false WHERE chat_id = $1 AND user_id = $2`,
        [chatId, me.id],
      );
      await m.query(`UPDATE chats SET direct_key = NULL, updated_at = now() WHERE id = $1`, [chatId]);
      const [row] = (await m.query(
        `INSERT INTO chat_messages (chat_id, user_id, type, content) VALUES ($1, NULL, 'system', $2) RETURNING *`,
        [chatId, `${me.name} left the chat`],
      )) as MessageRow[];
      await this.setChatLastMessage(m, chatId, row);
      await m.query(
        `UPDATE chat_participants SET last_message_id = $2, last_message_at = GREATEST(last_message_at, $3)
          WHERE chat_id = $1 AND left_at IS NULL AND NOT is_blocked`,
        [chatId, row.id, row.created_at],
      );
      note = messageJson(row);
    });
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

  async respond(
    me: User,
    chatId: string,
    accept: boolean,
    socketId?: string,
  ): Promise<{ status: 'success'; chat: ChatJson | null }> {
    const states = await this.participantStates(chatId);
    const mine = states.find((s) => s.user_id === me.id && !s.left_at);
    if (!mine) throw this.accessError(states.length > 0);
    if (mine.created_by_user_id === me.id)
      throw new ForbiddenException('You cannot respond to a chat request you started.');
    if (mine.accepted && !mine.is_request) return { status: 'success', chat: await this.get(me.id, chatId) };
    const everyone = states.filter((s) => !s.left_at).map((s) => s.user_id);

    if (accept) {
      await this.db.transaction(async (m) => {
        await m.query(`UPDATE chats SET accepted = true, updated_at = now() WHERE id = $1`, [chatId]);
        await m.query(`UPDATE chat_participants SET is_request = false WHERE chat_id = $1 AND user_id = $2`, [
          chatId,
          me.id,
        ]);
        // In a direct chat the one answer settles it; in a group each member answers for themself.
        if (mine.type === 'direct')
          await m.query(`UPDATE chat_participants SET is_request = false WHERE chat_id = $1`, [chatId]);
      });
      const chat = await this.get(me.id, chatId);
      const summary = await this.summary(chatId);
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
      await this.db.query(`DELETE FROM chats WHERE id = $1`, [chatId]);
      await this.broadcast(
        everyone.map(userChannel),
        CHAT_EVENTS.requestAnswered,
        { chat_id: chatId, user_id: me.id, accepted: false, chat: null },
        socketId,
      );
    }
    return { status: 'success', chat: null };
  }

  // ---------------------------------------------------------------- helpers

  async requireParticipant(userId: string, chatId: string): Promise<void> {
    if (!isUuid(chatId)) throw new NotFoundException('Chat not found.');
    const rows = (await this.db.query(
      `SELECT p.user_id, p.left_at FROM chats c LEFT JOIN chat_participants p ON p.chat_id = c.id AND p.user_id = $2 WHERE c.id = $1`,
      [chatId, userId],
    )) as Array<{ user_id: string | null; left_at: Date | null }>;
    if (rows.length === 0) throw new NotFoundException('Chat not found.');
    if (!rows[0].user_id || rows[0].left_at !== null) throw new ForbiddenException(NOT_PARTICIPANT);
  }

  private accessError(chatExists: boolean): Error {
    return chatExists ? new ForbiddenException(NOT_PARTICIPANT) : new NotFoundException('Chat not found.');
  }

  /** Everyone in the chat (left too) with the chat's columns and their public profile: one query. */
  private async participantStates(chatId: string): Promise<ParticipantState[]> {
    if (!isUuid(chatId)) return [];
    return (await this.db.query(
      `SELECT c.id AS chat_id, c.type, c.name, c.accepted, c.created_by_user_id, c.created_at,
              p.user_id, p.is_muted, p.is_blocked, p.is_request, p.left_at,
              u.name AS u_name, u.handle AS u_handle, u.avatar_path AS u_avatar_path
         FROM chats c JOIN chat_participants p ON p.chat_id = c.id JOIN users u ON u.id = p.user_id
        WHERE c.id = $1 ORDER BY p.joined_at, p.user_id`,
      [chatId],
    )) as ParticipantState[];
  }

  private async summary(chatId: string): Promise<ChatSummaryJson | null> {
    const states = await this.participantStates(chatId);
    return states.length ? summaryFrom(states) : null;
  }

  async userIdByHandle(handle: string): Promise<string | null> {
    const rows = (await this.db.query(`SELECT id FROM users WHERE handle = $1`, [handle.toLowerCase()])) as Array<{
      id: string;
    }>;
    return rows[0]?.id ?? null;
  }

  private async findUser(id: string): Promise<{ id: string; name: string } | null> {
    if (!isUuid(id)) return null;
    const rows = (await this.db.query(`SELECT id, name FROM users WHERE id = $1`, [id])) as Array<{
      id: string;
      name: string;
    }>;
    return rows[0] ?? null;
  }

  /** Turns list rows into ChatJson with one more query for the participants of all of them. */
  private async present(userId: string, rows: ListRow[]): Promise<ChatJson[]> {
    if (rows.length === 0) return [];
    const people = (await this.db.query(
      `SELECT p.chat_id, p.user_id, p.left_at, u.name, u.handle, u.avatar_path
         FROM chat_participants p JOIN users u ON u.id = p.user_id
        WHERE p.chat_id = ANY ($1::uuid[]) ORDER BY p.joined_at, p.user_id`,
      [rows.map((r) => r.chat_id)],
    )) as Array<{
      chat_id: string;
      user_id: string;
      left_at: Date | null;
      name: string;
      handle: string | null;
      avatar_path: string | null;
    }>;
    const byChat = new Map<string, { users: ChatUserJson[]; left: string[] }>();
    for (const p of people) {
      const entry = byChat.get(p.chat_id) ?? { users: [], left: [] };
      if (p.left_at) entry.left.push(p.user_id);
      else entry.users.push(chatUser({ id: p.user_id, name: p.name, handle: p.handle, avatar_path: p.avatar_path }));
      byChat.set(p.chat_id, entry);
    }
    return rows.map((r) => {
      const who = byChat.get(r.chat_id) ?? { users: [], left: [] };
      const last = r.m_id
        ? messageJson({
            id: r.m_id,
            chat_id: r.chat_id,
            user_id: r.m_user_id as string | null,
            type: r.m_type as MessageType,
            content: r.m_content as string,
            data: r.m_data as Record<string, unknown>,
            created_at: r.m_created_at as Date,
            u_name: r.m_u_name as string | null,
            u_handle: r.m_u_handle as string | null,
            u_avatar_path: r.m_u_avatar_path as string | null,
          })
        : null;
      return {
        id: r.chat_id,
        type: r.type,
        name: r.name,
        users: who.users,
        accepted: r.accepted,
        created_by_user_id: r.created_by_user_id,
        last_message: last,
        last_message_at: last?.created_at ?? null,
        created_at: iso(r.created_at)!,
        unread_count: r.unread_count,
        chat_settings: { user_id: userId, is_muted: r.is_muted, is_blocked: r.is_blocked },
        left_by_users: who.left,
        is_request: r.is_request,
      };
    });
  }

  private async broadcast(
    channels: string | string[],
    event: string,
    payload: unknown,
    socketId?: string,
  ): Promise<void> {
    await this.broadcaster.broadcast(channels, event, payload, { exceptSocketId: socketId });
  }
}

function summaryFrom(states: ParticipantState[]): ChatSummaryJson {
  const s = states[0];
  return {
    id: s.chat_id,
    type: s.type,
    name: s.name,
    users: states
      .filter((p) => !p.left_at)
      .map((p) => chatUser({ id: p.user_id, name: p.u_name, handle: p.u_handle, avatar_path: p.u_avatar_path })),
    accepted: s.accepted,
    created_by_user_id: s.created_by_user_id,
    created_at: iso(s.created_at)!,
    left_by_users: states.filter((p) => p.left_at).map((p) => p.user_id),
  };
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

/** pg's UPDATE ... RETURNING comes back from TypeORM as [rows, count]. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as T[];
  return result as T[];
}
