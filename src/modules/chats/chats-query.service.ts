import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import type { Chat, ChatsPage, ChatSummary, ChatTab, MessagesPage, UnreadCounts } from '../../contracts/chats';
import { decodeCursor, encodeCursor } from '../../common/keyset';
import { pageOf } from '../../common/pagination';
import { UsersService } from '../users';
import { CHATS_MAX_PAGE_SIZE, CHATS_PAGE_SIZE, MESSAGES_MAX_PAGE_SIZE, MESSAGES_PAGE_SIZE } from './chats.constants';
import { toChatJson, toChatSummary, toMessageJson, type Profiles } from './chats.mapper';
import { ChatsRepository, type ParticipantState } from './chats.repository';
import { refuseOutsider, requireActive } from './chats.policy';

/** The read side of chats: lists, one chat, history, unread counters and who may see a chat. */
@Injectable()
export class ChatsQueryService {
  constructor(
    private readonly repo: ChatsRepository,
    private readonly users: UsersService,
  ) {}

  /**
   * One page of a tab. `cursor` (a previous page's `next_cursor`) continues below that page's last chat by
   * keyset; `page` alone skips rows by offset. `next_cursor` is null on the last page. A bad cursor is a 422.
   */
  async list(
    userId: string,
    tab: ChatTab | 'all',
    page = 1,
    perPage = CHATS_PAGE_SIZE,
    cursor?: string,
  ): Promise<ChatsPage> {
    const per = Math.min(Math.max(1, perPage), CHATS_MAX_PAGE_SIZE);
    const current = Math.max(1, page);
    const after = decodeCursor(cursor);
    const { rows, total } = await this.repo.listPage(userId, tab, per + 1, (current - 1) * per, after);
    const shown = rows.slice(0, per);
    const last = shown[shown.length - 1];
    const next = rows.length > per && last ? encodeCursor(last.cursor_at, last.chat_id) : null;
    return { ...pageOf(await this.present(userId, shown), current, per, total), next_cursor: next };
  }

  /** The sum of the user's counters (muted and blocked chats never count), plus per tab for badges. */
  async unreadCounts(userId: string): Promise<UnreadCounts> {
    const { count, ...tabs } = await this.repo.unreadCounts(userId);
    return { count, tabs: { chats: tabs.chats, requested: tabs.requested, muted: tabs.muted, blocked: tabs.blocked } };
  }

  /** Ids of the user's open chats; with another user, only the chats both are in. */
  async chatIds(userId: string, withUserId?: string): Promise<string[]> {
    if (!withUserId || withUserId === userId) return this.repo.chatIds(userId);
    return isUuid(withUserId) ? this.repo.sharedChatIds(userId, withUserId) : [];
  }

  /** Whether `userId` has written to `otherId` in a chat they share (a review of a provider needs it). */
  async hasMessaged(userId: string, otherId: string): Promise<boolean> {
    return userId !== otherId && isUuid(otherId) && this.repo.wroteTo(userId, otherId);
  }

  /** One chat as this participant sees it (404 unknown, 403 not an active participant). */
  async get(userId: string, chatId: string, withMessages = false): Promise<Chat> {
    await this.requireParticipant(userId, chatId);
    const [chat] = await this.present(userId, await this.repo.listRow(userId, chatId));
    if (withMessages) chat.messages = (await this.messages(userId, chatId, {})).data;
    return chat;
  }

  /** History, newest page first; each page in reading order. `before` (a message id) pages by cursor. */
  async messages(
    userId: string,
    chatId: string,
    opts: { page?: number; perPage?: number; before?: string },
  ): Promise<MessagesPage> {
    await this.requireParticipant(userId, chatId);
    const per = Math.min(Math.max(1, opts.perPage ?? MESSAGES_PAGE_SIZE), MESSAGES_MAX_PAGE_SIZE);
    const page = Math.max(1, opts.page ?? 1);
    const { rows, total } = await this.repo.messages(chatId, userId, per + 1, (page - 1) * per, opts.before);
    const shown = rows.slice(0, per).reverse();
    const profiles = await this.profiles(shown.map((m) => m.user_id));
    return {
      ...pageOf(
        shown.map((m) => toMessageJson(m, profiles)),
        page,
        per,
        total,
      ),
      has_more: rows.length > per,
    };
  }

  /**
   * Where "Message" on a profile leads: the direct chat with that person if there is one, else who they are
   * (the page then offers to start it; nothing is created until a first message is sent).
   */
  async directChatOrRecipient(
    meId: string,
    otherId: string,
  ): Promise<{ chatId: string | null; recipient: { id: string; name: string } | null }> {
    const other = otherId !== meId ? await this.users.findById(otherId) : null;
    if (!other) return { chatId: null, recipient: null };
    const chatId = await this.repo.directChatId([meId, other.id].sort().join(':'));
    return chatId ? { chatId, recipient: null } : { chatId: null, recipient: { id: other.id, name: other.name } };
  }

  /** For channel and media rules: an active (not left) participant. */
  async isActiveParticipant(userId: string, chatId: string): Promise<boolean> {
    return isUuid(chatId) && this.repo.isActiveParticipant(chatId, userId);
  }

  async requireParticipant(userId: string, chatId: string): Promise<void> {
    const membership = await this.repo.membership(chatId, userId);
    if (!membership) refuseOutsider(false);
    requireActive(membership);
  }

  /** Everyone in the chat (left too) with the chat's columns. */
  participantStates(chatId: string): Promise<ParticipantState[]> {
    return isUuid(chatId) ? this.repo.participantStates(chatId) : Promise.resolve([]);
  }

  async summary(chatId: string): Promise<ChatSummary | null> {
    return this.summaryOf(await this.participantStates(chatId));
  }

  async summaryOf(states: ParticipantState[]): Promise<ChatSummary | null> {
    if (!states.length) return null;
    return toChatSummary(states, await this.profiles(states.map((s) => s.user_id)));
  }

  /** Public profiles of the people named, through the users module. */
  async profiles(ids: Array<string | null>): Promise<Profiles> {
    const users = await this.users.findByIds(ids.filter((id): id is string => !!id));
    return new Map(users.map((u) => [u.id, u]));
  }

  /** List rows into chats with one more query for the participants of all of them, and one for their names. */
  private async present(userId: string, rows: Awaited<ReturnType<ChatsRepository['listRow']>>): Promise<Chat[]> {
    if (rows.length === 0) return [];
    const participants = await this.repo.participantsOf(rows.map((r) => r.chat_id));
    const profiles = await this.profiles([
      ...participants.map((p) => p.user_id),
      ...rows.map((r) => r.last_message?.user_id ?? null),
    ]);
    return rows.map((r) =>
      toChatJson(
        userId,
        r,
        participants.filter((p) => p.chat_id === r.chat_id),
        profiles,
      ),
    );
  }
}
