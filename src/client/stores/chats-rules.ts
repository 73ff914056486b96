import { errorMessage } from '@/lib/errors';
import type {
  Chat,
  ChatReadEvent,
  ChatSettings,
  ChatSummary,
  ChatTab,
  Message,
  MessageSentEvent,
} from '@contracts/chats';
import type { Page } from '@contracts/common';

/** The tabs of the chats page, in the order they are shown. */
export const CHAT_TABS: ChatTab[] = ['chats', 'requested', 'muted', 'blocked'];

/**
 * Spec 4 chat rules as pure functions over the client state; the server enforces the same ones.
 * One map of chats; a tab is derived from each chat's state, so a chat moves between tabs by
 * itself when it is accepted, muted or blocked.
 */
export interface TabPaging {
  page: number;
  lastPage: number;
  total: number;
  loaded: boolean;
  /** Where the next page starts (keyset `next_cursor`); absent when the server gave none. */
  cursor?: string;
}

export interface MessageList {
  items: Message[];
  hasMore: boolean;
  loaded: boolean;
}

export interface ChatsState {
  me: string | null;
  chats: Record<string, Chat>;
  paging: Record<ChatTab, TabPaging>;
  /** The chat open on the chats page: it never gains unread messages. */
  openChatId: string | null;
  /** Unread total for the nav badge (muted and blocked chats never count). */
  unreadCount: number;
  /** Unread per tab from the server (the tabs' badges); null until loaded. */
  unreadTabs: Record<ChatTab, number> | null;
  messages: Record<string, MessageList>;
  /** Others' read state per chat: user id -> last_read_at. */
  readBy: Record<string, Record<string, string>>;
}

const emptyPaging = (): TabPaging => ({ page: 0, lastPage: 1, total: 0, loaded: false });

export function initialState(me: string | null = null): ChatsState {
  return {
    me,
    chats: {},
    paging: { chats: emptyPaging(), muted: emptyPaging(), blocked: emptyPaging(), requested: emptyPaging() },
    openChatId: null,
    unreadCount: 0,
    unreadTabs: null,
    messages: {},
    readBy: {},
  };
}

/** Whether this user still has to answer the chat (an unaccepted chat someone else created). */
export function isRequestFor(
  chat: Pick<Chat, 'accepted' | 'created_by_user_id' | 'is_request'>,
  me: string | null,
): boolean {
  if (chat.is_request !== undefined) return chat.is_request;
  return !chat.accepted && chat.created_by_user_id !== me;
}

/** Blocked and Muted follow the user's chat_settings; an unanswered request is under Requested. */
export function tabOf(chat: Chat, me: string | null): ChatTab {
  if (chat.chat_settings?.is_blocked) return 'blocked';
  if (isRequestFor(chat, me)) return 'requested';
  if (chat.chat_settings?.is_muted) return 'muted';
  return 'chats';
}

function activity(chat: Chat): number {
  return Date.parse(chat.last_message_at ?? chat.created_at) || 0;
}

/** A tab's chats, most recent activity first. */
export function chatsIn(state: ChatsState, tab: ChatTab): Chat[] {
  return Object.values(state.chats)
    .filter((chat) => tabOf(chat, state.me) === tab)
    .sort((a, b) => activity(b) - activity(a) || (a.id < b.id ? 1 : -1));
}

/** Page 1 replaces the tab's chats; pages above 1 append (spec 9). */
export function pageLoaded(
  state: ChatsState,
  tab: ChatTab,
  page: Page<Chat> & { next_cursor?: string | null },
): ChatsState {
  const chats = { ...state.chats };
  if (page.current_page <= 1) {
    for (const chat of Object.values(chats)) if (tabOf(chat, state.me) === tab) delete chats[chat.id];
  }
  for (const chat of page.data) chats[chat.id] = chat;
  return {
    ...state,
    chats,
    paging: {
      ...state.paging,
      [tab]: {
        page: page.current_page,
        lastPage: page.last_page,
        total: page.total,
        loaded: true,
        cursor: page.next_cursor ?? undefined,
      },
    },
  };
}

/** A failed list load shows an empty list (spec 8). */
export function pageFailed(state: ChatsState, tab: ChatTab): ChatsState {
  return pageLoaded(state, tab, { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
}

export function upsertChat(state: ChatsState, chat: Chat): ChatsState {
  return { ...state, chats: { ...state.chats, [chat.id]: { ...state.chats[chat.id], ...chat } } };
}

export function removeChat(state: ChatsState, chatId: string): ChatsState {
  if (!state.chats[chatId] && !state.messages[chatId]) return state;
  const chats = { ...state.chats };
  const removed = chats[chatId];
  delete chats[chatId];
  const messages = { ...state.messages };
  delete messages[chatId];
  return {
    ...state,
    chats,
    messages,
    openChatId: state.openChatId === chatId ? null : state.openChatId,
    unreadCount: Math.max(0, state.unreadCount - (removed && counts(removed) ? removed.unread_count : 0)),
  };
}

/** Muted and blocked chats never count towards the badge. */
function counts(chat: Chat): boolean {
  return !chat.chat_settings?.is_muted && !chat.chat_settings?.is_blocked;
}

/** Responding: accept moves it to the accepted list, decline removes it. */
export function responded(state: ChatsState, chatId: string, accept: boolean, chat: Chat | null): ChatsState {
  if (!accept) return removeChat(state, chatId);
  const current = state.chats[chatId];
  const next: Chat = { ...(current ?? (chat as Chat)), ...(chat ?? {}), accepted: true, is_request: false };
  return upsertChat(state, next);
}

/** The message shown when responding fails: the server's own message on 403 (why not), else a fixed one. */
export function respondErrorMessage(error: unknown): string {
  const fallback = 'Failed to process chat response';
  return (error as { status?: number } | null)?.status === 403 ? errorMessage(error, fallback) : fallback;
}

export function settingsChanged(state: ChatsState, chatId: string, settings: Partial<ChatSettings>): ChatsState {
  const chat = state.chats[chatId];
  if (!chat) return state;
  const before = counts(chat);
  const next: Chat = { ...chat, chat_settings: { ...chat.chat_settings, ...settings } };
  if (settings.is_blocked) next.unread_count = 0;
  const after = counts(next);
  let unread = state.unreadCount;
  if (before && !after) unread -= chat.unread_count;
  if (!before && after) unread += next.unread_count;
  return { ...upsertChat(state, next), unreadCount: Math.max(0, unread) };
}

/** Leaving removes the chat here; the others keep it (and its history). */
export function left(
  state: ChatsState,
  chatId: string,
  userId: string,
  deleted: boolean,
  note: Message | null,
): ChatsState {
  if (userId === state.me || deleted) return removeChat(state, chatId);
  const chat = state.chats[chatId];
  if (!chat) return state;
  let next = upsertChat(state, {
    ...chat,
    users: chat.users.filter((u) => u.id !== userId),
    left_by_users: [...new Set([...chat.left_by_users, userId])],
  });
  if (note) next = appendMessage(next, note);
  return next;
}

function appendMessage(state: ChatsState, message: Message): ChatsState {
  const list = state.messages[message.chat_id];
  if (!list || list.items.some((m) => m.id === message.id)) return state;
  return { ...state, messages: { ...state.messages, [message.chat_id]: { ...list, items: [...list.items, message] } } };
}

/**
 * A new message (spec 4):
 * - on an unaccepted chat it creates a request with unread count 1 (for the one who has to answer);
 * - otherwise the last message is updated and the chat moves to the top;
 * - the counter rises only for a message from another user, in a chat neither muted nor
 *   blocked, and not the chat open on the chats page.
 */
export function messageReceived(state: ChatsState, event: MessageSentEvent): ChatsState {
  const { message } = event;
  if (state.messages[event.chat_id]?.items.some((m) => m.id === message.id)) return state;
  const existing = state.chats[event.chat_id];
  if (existing?.chat_settings?.is_blocked) return state; // never delivered to a blocker
  const base: Chat = existing ?? fromSummary(event.chat, state.me);
  const fromOther = message.user_id !== null && message.user_id !== state.me;
  const request = !event.chat.accepted && isRequestFor({ ...base, accepted: event.chat.accepted }, state.me);

  let unread = base.unread_count;
  if (fromOther && counts(base) && state.openChatId !== event.chat_id) unread = request ? 1 : unread + 1;
  if (!fromOther && message.user_id === state.me) unread = 0;

  const chat: Chat = {
    ...base,
    accepted: event.chat.accepted,
    is_request: request,
    users: event.chat.users?.length ? event.chat.users : base.users,
    last_message: message,
    last_message_at: message.created_at,
    unread_count: unread,
  };
  const delta = counts(base) ? unread - (existing ? existing.unread_count : 0) : 0;
  return { ...appendMessage(upsertChat(state, chat), message), unreadCount: Math.max(0, state.unreadCount + delta) };
}

export function fromSummary(summary: ChatSummary, me: string | null): Chat {
  return {
    ...summary,
    last_message: null,
    last_message_at: null,
    unread_count: 0,
    chat_settings: { user_id: me ?? '', is_muted: false, is_blocked: false },
    is_request: !summary.accepted && summary.created_by_user_id !== me,
  };
}

/** A chat created live (someone started one with us, or we did in another tab). */
export function chatCreated(state: ChatsState, summary: ChatSummary): ChatsState {
  if (state.chats[summary.id]) return state;
  return upsertChat(state, fromSummary(summary, state.me));
}

/** Opening a chat on the chats page marks it read here (the caller tells the server). */
export function opened(state: ChatsState, chatId: string | null): ChatsState {
  if (!chatId) return { ...state, openChatId: null };
  const chat = state.chats[chatId];
  const next = { ...state, openChatId: chatId };
  if (!chat || chat.unread_count === 0) return next;
  return {
    ...upsertChat(next, { ...chat, unread_count: 0 }),
    unreadCount: Math.max(0, state.unreadCount - (counts(chat) ? chat.unread_count : 0)),
  };
}

/** The unread total from the server; a failed call falls back to 0 (spec 8). */
export function unreadLoaded(
  state: ChatsState,
  count: number | null,
  tabs?: Record<ChatTab, number> | null,
): ChatsState {
  return { ...state, unreadCount: Math.max(0, count ?? 0), unreadTabs: tabs === undefined ? state.unreadTabs : tabs };
}

/** History: the first load sets the newest page; older pages are put in front. */
export function messagesLoaded(
  state: ChatsState,
  chatId: string,
  page: Message[],
  hasMore: boolean,
  older: boolean,
): ChatsState {
  const current = state.messages[chatId];
  const known = new Set((older ? current?.items : [])?.map((m) => m.id));
  const items = older ? [...page.filter((m) => !known.has(m.id)), ...(current?.items ?? [])] : page;
  return { ...state, messages: { ...state.messages, [chatId]: { items, hasMore, loaded: true } } };
}

/**
 * After a reconnect: the latest page from the server joins what is shown. Messages already held stay (with their
 * place and any sent but unconfirmed); those pushed while the socket was away are added after them, in order.
 */
export function messagesCaughtUp(state: ChatsState, chatId: string, latest: Message[]): ChatsState {
  const current = state.messages[chatId];
  if (!current?.loaded) return state;
  const known = new Set(current.items.map((m) => m.id));
  const missed = latest.filter((m) => !known.has(m.id));
  if (!missed.length) return state;
  return { ...state, messages: { ...state.messages, [chatId]: { ...current, items: [...current.items, ...missed] } } };
}

export function messageSentByMe(state: ChatsState, message: Message): ChatsState {
  const chat = state.chats[message.chat_id];
  const withMessage = appendMessage(state, message);
  if (!chat) return withMessage;
  return upsertChat(withMessage, {
    ...chat,
    last_message: message,
    last_message_at: message.created_at,
    unread_count: 0,
  });
}

export function readReceived(state: ChatsState, event: ChatReadEvent): ChatsState {
  if (event.user_id === state.me) {
    const chat = state.chats[event.chat_id];
    if (!chat || chat.unread_count === 0) return state;
    return {
      ...upsertChat(state, { ...chat, unread_count: 0 }),
      unreadCount: Math.max(0, state.unreadCount - (counts(chat) ? chat.unread_count : 0)),
    };
  }
  return {
    ...state,
    readBy: {
      ...state.readBy,
      [event.chat_id]: { ...state.readBy[event.chat_id], [event.user_id]: event.last_read_at },
    },
  };
}

/** The name to show for a chat: its own name, else the other participants'. */
export function chatTitle(chat: Pick<Chat, 'name' | 'users'>, me: string | null): string {
  if (chat.name) return chat.name;
  const others = chat.users.filter((u) => u.id !== me);
  return others.map((u) => u.name).join(', ') || 'Chat';
}
