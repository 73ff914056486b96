import { ApiError } from '@/lib/http';
import { createChatsStore } from './chats';
import * as rules from './chats-rules';
import type { Chat, ChatSummary, Message, MessageSentEvent } from '@contracts/chats';

const ME = 'me';
const OTHER = 'other';
let clock = Date.parse('2026-01-01T00:00:00Z');
const at = () => new Date((clock += 1000)).toISOString();

function chat(over: Partial<Chat> = {}): Chat {
  return {
    id: over.id ?? `c${Math.random()}`,
    type: 'direct',
    name: null,
    users: [
      { id: ME, name: 'Me', handle: 'me', avatarUrl: null },
      { id: OTHER, name: 'Other', handle: 'other', avatarUrl: null },
    ],
    accepted: true,
    created_by_user_id: ME,
    last_message: null,
    last_message_at: null,
    created_at: at(),
    unread_count: 0,
    chat_settings: { user_id: ME, is_muted: false, is_blocked: false },
    left_by_users: [],
    ...over,
  };
}
const summary = (c: Chat): ChatSummary => ({
  id: c.id,
  type: c.type,
  name: c.name,
  users: c.users,
  accepted: c.accepted,
  created_by_user_id: c.created_by_user_id,
  created_at: c.created_at,
  left_by_users: c.left_by_users,
});
function message(chatId: string, from: string, content = 'hi'): Message {
  return {
    id: `m${Math.random()}`,
    chat_id: chatId,
    user_id: from,
    user: null,
    content,
    type: 'text',
    data: {},
    created_at: at(),
  };
}
const sent = (c: Chat, from: string, content?: string): MessageSentEvent => ({
  chat_id: c.id,
  message: message(c.id, from, content),
  chat: summary(c),
});
function withChats(...chats: Chat[]): rules.ChatsState {
  let s = rules.initialState(ME);
  for (const c of chats) s = rules.upsertChat(s, c);
  return {
    ...s,
    unreadCount: chats.reduce(
      (n, c) => n + (c.chat_settings.is_muted || c.chat_settings.is_blocked ? 0 : c.unread_count),
      0,
    ),
  };
}
const ids = (s: rules.ChatsState, tab: Parameters<typeof rules.chatsIn>[1]) => rules.chatsIn(s, tab).map((c) => c.id);

describe('chat store rules (spec 4)', () => {
  it('an unaccepted chat created by someone else appears in Requested', () => {
    const c = chat({ id: 'r', accepted: false, created_by_user_id: OTHER });
    const s = withChats(c);
    expect(ids(s, 'requested')).toEqual(['r']);
    expect(ids(s, 'chats')).toEqual([]);
  });

  it('the creator sees an unaccepted chat in the main list', () => {
    const s = withChats(chat({ id: 'mine', accepted: false, created_by_user_id: ME }));
    expect(ids(s, 'chats')).toEqual(['mine']);
    expect(ids(s, 'requested')).toEqual([]);
  });

  it('responding with accept moves it to the accepted list', () => {
    const s = withChats(chat({ id: 'r', accepted: false, created_by_user_id: OTHER, is_request: true }));
    const next = rules.responded(s, 'r', true, null);
    expect(ids(next, 'chats')).toEqual(['r']);
    expect(ids(next, 'requested')).toEqual([]);
    expect(next.chats.r.accepted).toBe(true);
  });

  it('declining removes it', () => {
    const s = withChats(chat({ id: 'r', accepted: false, created_by_user_id: OTHER, unread_count: 1 }));
    const next = rules.responded(s, 'r', false, null);
    expect(next.chats.r).toBeUndefined();
    expect(next.unreadCount).toBe(0);
  });

  it("a 403 on respond surfaces the server's message", async () => {
    const store = createChatsStore({
      get: jest.fn(),
      delete: jest.fn(),
      post: jest.fn().mockRejectedValue(
        new ApiError('You cannot respond to a chat request you started.', 403, {
          message: 'You cannot respond to a chat request you started.',
        }),
      ),
    } as never);
    expect(await store.respond('r', true)).toBe('You cannot respond to a chat request you started.');
  });

  it('other respond failures show "Failed to process chat response"', async () => {
    const store = createChatsStore({
      get: jest.fn(),
      delete: jest.fn(),
      post: jest.fn().mockRejectedValue(new ApiError('Server Error', 500, null)),
    } as never);
    expect(await store.respond('r', true)).toBe('Failed to process chat response');
    expect(rules.respondErrorMessage(new ApiError('offline', 0, null))).toBe('Failed to process chat response');
  });

  it('Muted tab follows the chat_settings', () => {
    const s = rules.settingsChanged(withChats(chat({ id: 'a' })), 'a', { is_muted: true });
    expect(ids(s, 'muted')).toEqual(['a']);
    expect(ids(s, 'chats')).toEqual([]);
    expect(ids(rules.settingsChanged(s, 'a', { is_muted: false }), 'chats')).toEqual(['a']);
  });

  it('Blocked tab follows the chat_settings', () => {
    const s = rules.settingsChanged(withChats(chat({ id: 'a', unread_count: 2 })), 'a', { is_blocked: true });
    expect(ids(s, 'blocked')).toEqual(['a']);
    expect(ids(s, 'chats')).toEqual([]);
    expect(s.unreadCount).toBe(0);
  });

  it("a blocked chat's messages are not delivered", () => {
    const c = chat({ id: 'b', chat_settings: { user_id: ME, is_muted: false, is_blocked: true } });
    const s = withChats(c);
    expect(rules.messageReceived(s, sent(c, OTHER))).toBe(s);
  });

  it('after a reconnect, messages pushed meanwhile join the open chat after those shown, none twice', () => {
    const c = chat({ id: 'a' });
    const first = message('a', OTHER, 'one');
    const second = message('a', ME, 'two');
    let s = rules.messagesLoaded(withChats(c), 'a', [first], false, false);
    const missed = message('a', OTHER, 'sent while away');
    s = rules.messagesCaughtUp(s, 'a', [first, second, missed]);
    expect(s.messages.a.items.map((m) => m.content)).toEqual(['one', 'two', 'sent while away']);
    expect(rules.messagesCaughtUp(s, 'a', [second, missed])).toBe(s);
    // A chat never loaded is loaded in full when opened; catching up leaves it alone.
    expect(rules.messagesCaughtUp(withChats(c), 'a', [first]).messages.a).toBeUndefined();
  });

  it('leaving removes the chat for the leaver; the others keep it with a note', () => {
    const c = chat({ id: 'a' });
    expect(rules.left(withChats(c), 'a', ME, false, null).chats.a).toBeUndefined();
    let s = rules.messagesLoaded(withChats(c), 'a', [], false, false);
    const note = { ...message('a', OTHER, 'Other left the chat'), user_id: null, type: 'system' as const };
    s = rules.left(s, 'a', OTHER, false, note);
    expect(s.chats.a.left_by_users).toEqual([OTHER]);
    expect(s.messages.a.items.map((m) => m.content)).toEqual(['Other left the chat']);
  });

  it('a new message on an unaccepted chat creates a request with unread count 1', () => {
    const c = chat({ id: 'new', accepted: false, created_by_user_id: OTHER });
    let s = rules.initialState(ME);
    s = rules.messageReceived(s, sent(c, OTHER, 'one'));
    s = rules.messageReceived(s, sent(c, OTHER, 'two'));
    expect(ids(s, 'requested')).toEqual(['new']);
    expect(s.chats.new.unread_count).toBe(1);
    expect(s.unreadCount).toBe(1);
  });

  it('otherwise the last message is updated and the chat moves to the top', () => {
    const older = chat({ id: 'old' });
    const newer = chat({ id: 'new', last_message_at: at() });
    let s = withChats(older, newer);
    expect(ids(s, 'chats')).toEqual(['new', 'old']);
    s = rules.messageReceived(s, sent(older, OTHER, 'latest'));
    expect(ids(s, 'chats')).toEqual(['old', 'new']);
    expect(s.chats.old.last_message?.content).toBe('latest');
  });

  it('the counter rises for a message from another user', () => {
    const c = chat({ id: 'a', unread_count: 1 });
    const s = rules.messageReceived(withChats(c), sent(c, OTHER));
    expect(s.chats.a.unread_count).toBe(2);
    expect(s.unreadCount).toBe(2);
  });

  it("the counter does not rise for the user's own message", () => {
    const c = chat({ id: 'a' });
    const s = rules.messageReceived(withChats(c), sent(c, ME));
    expect(s.chats.a.unread_count).toBe(0);
    expect(s.unreadCount).toBe(0);
  });

  it('the counter does not rise in a muted chat', () => {
    const c = chat({ id: 'a', chat_settings: { user_id: ME, is_muted: true, is_blocked: false } });
    const s = rules.messageReceived(withChats(c), sent(c, OTHER));
    expect(s.chats.a.unread_count).toBe(0);
    expect(s.chats.a.last_message?.user_id).toBe(OTHER);
    expect(s.unreadCount).toBe(0);
  });

  it('the counter does not rise in the chat open on the chats page', () => {
    const c = chat({ id: 'a', unread_count: 3 });
    let s = rules.opened(withChats(c), 'a');
    expect(s.chats.a.unread_count).toBe(0);
    expect(s.unreadCount).toBe(0);
    s = rules.messageReceived(s, sent(c, OTHER));
    expect(s.chats.a.unread_count).toBe(0);
    expect(s.unreadCount).toBe(0);
  });

  it('filtered pages: page 1 replaces the tab, pages above 1 append', () => {
    const page = (data: Chat[], current: number) => ({
      data,
      current_page: current,
      last_page: 2,
      per_page: 2,
      total: 3,
    });
    let s = withChats(chat({ id: 'stale' }));
    s = rules.pageLoaded(
      s,
      'chats',
      page([chat({ id: 'x', last_message_at: at() }), chat({ id: 'y', created_at: '2025-12-01T00:00:00Z' })], 1),
    );
    expect(ids(s, 'chats')).toEqual(['x', 'y']);
    s = rules.pageLoaded(s, 'chats', page([chat({ id: 'z', created_at: '2025-11-01T00:00:00Z' })], 2));
    expect(ids(s, 'chats')).toEqual(['x', 'y', 'z']);
    expect(s.paging.chats).toEqual({ page: 2, lastPage: 2, total: 3, loaded: true });
  });

  it('a failed chat list gives an empty list; a failed unread count gives 0', async () => {
    const store = createChatsStore({
      get: jest.fn().mockRejectedValue(new ApiError('down', 500, null)),
      post: jest.fn(),
      delete: jest.fn(),
    } as never);
    store.setMe(ME);
    store.hydrate(
      'chats',
      { data: [chat({ id: 'a', unread_count: 2 })], current_page: 1, last_page: 1, per_page: 20, total: 1 },
      2,
    );
    await store.loadTab('chats');
    expect(rules.chatsIn(store.getState(), 'chats')).toEqual([]);
    await store.loadUnread();
    expect(store.getState().unreadCount).toBe(0);
  });

  it('never counts below zero', () => {
    const s = rules.readReceived(
      { ...withChats(chat({ id: 'a', unread_count: 5 })), unreadCount: 2 },
      { chat_id: 'a', user_id: ME, last_read_at: at() },
    );
    expect(s.unreadCount).toBe(0);
  });
});

describe('chat store live events', () => {
  it('marks the open chat read on the server when a message from another user arrives there', async () => {
    jest.useFakeTimers();
    const post = jest.fn().mockResolvedValue({});
    const store = createChatsStore({ get: jest.fn(), post, delete: jest.fn() } as never);
    store.setMe(ME);
    const c = chat({ id: 'open' });
    store.add(c);
    await store.open('open');
    post.mockClear();
    store.live.messageSent(sent(c, OTHER));
    jest.advanceTimersByTime(200);
    expect(post).toHaveBeenCalledWith('/api/chats/open/read');
    expect(store.getState().chats.open.unread_count).toBe(0);
    jest.useRealTimers();
  });
});

describe('chat store: messages for chats not loaded on this page', () => {
  it('asks the server for the chat and the unread total instead of guessing (a muted chat stays at 0)', async () => {
    const muted = chat({ id: 'elsewhere', chat_settings: { user_id: ME, is_muted: true, is_blocked: false } });
    const get = jest.fn((url: string) =>
      Promise.resolve(url.endsWith('unread-count') ? { count: 0, tabs: {} } : { chat: muted }),
    );
    const store = createChatsStore({ get, post: jest.fn(), delete: jest.fn() } as never);
    store.setMe(ME);
    store.live.messageSent(sent(muted, OTHER));
    expect(store.getState().unreadCount).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(get).toHaveBeenCalledWith('/api/chats/elsewhere');
    expect(store.getState().chats.elsewhere.chat_settings.is_muted).toBe(true);
    expect(store.getState().unreadCount).toBe(0);
  });
});

describe('chat store: server counts racing local changes', () => {
  it('ignores an unread total that was asked for before the open chat was marked read', async () => {
    let answerCount: (v: unknown) => void = () => undefined;
    const get = jest.fn((url: string) =>
      url.endsWith('unread-count') ? new Promise((r) => (answerCount = r)) : Promise.resolve({}),
    );
    const post = jest.fn().mockResolvedValue({});
    const store = createChatsStore({ get, post, delete: jest.fn() } as never);
    store.setMe(ME);
    store.hydrate(
      'chats',
      { data: [chat({ id: 'a', unread_count: 1 })], current_page: 1, last_page: 1, per_page: 20, total: 1 },
      1,
    );
    const stale = store.loadUnread(); // asked while the chat still had 1 unread
    const opening = store.open('a');
    answerCount({ count: 1, tabs: { chats: 1, requested: 0, muted: 0, blocked: 0 } });
    await stale;
    expect(store.getState().unreadCount).toBe(0);
    answerCount({ count: 0, tabs: { chats: 0, requested: 0, muted: 0, blocked: 0 } });
    await opening;
    expect(store.getState().unreadCount).toBe(0);
    expect(store.getState().unreadTabs).toEqual({ chats: 0, requested: 0, muted: 0, blocked: 0 });
  });
});
