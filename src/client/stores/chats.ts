import { useSyncExternalStore } from 'react';
import { createChatsApi } from '@/api/chats';
import { api } from '@/lib/http';
import { logger } from '@/lib/logger';
import * as rules from './chats-rules';
import type { ChatsState } from './chats-rules';
import type {
  Chat,
  ChatLeftEvent,
  ChatReadEvent,
  ChatSettingsEvent,
  ChatSummary,
  ChatTab,
  ListingCard,
  Message,
  MessageSentEvent,
  RequestAnsweredEvent,
  UnreadCounts,
} from '@contracts/chats';
import type { Page } from '@contracts/common';

type Listener = () => void;
type Api = Pick<typeof api, 'get' | 'post' | 'delete'>;

/**
 * The chats store: one instance per tab of the browser, fed by the API and by live events on the
 * user's private channel. State changes only through the rules in chats-rules.ts.
 */
export function createChatsStore(http: Api = api) {
  const calls = createChatsApi(http);
  let state: ChatsState = rules.initialState();
  const listeners = new Set<Listener>();
  const set = (next: ChatsState) => {
    if (next === state) return;
    state = next;
    listeners.forEach((l) => l());
  };

  // Counts answered by the server are applied only if nothing changed them here meanwhile (a read,
  // a mute...), so a slow answer cannot bring back a count the user has just cleared.
  let seq = 0;
  const bump = () => {
    seq += 1;
  };
  let readTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleRead = (chatId: string) => {
    if (readTimer) clearTimeout(readTimer);
    readTimer = setTimeout(() => {
      readTimer = null;
      if (state.openChatId === chatId) void store.markRead(chatId);
    }, 150);
  };

  const store = {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMe(me: string | null) {
      if (state.me !== me) set(rules.initialState(me));
    },
    /** A chat the page got from the API (e.g. just started). */
    add(chat: Chat) {
      set(rules.upsertChat(state, chat));
    },
    /** Reloads one chat and the unread total from the server. */
    async refreshChat(chatId: string): Promise<void> {
      try {
        const [res] = await Promise.all([calls.get(chatId), store.loadUnread()]);
        const { messages: _skip, ...chat } = res.chat;
        set(rules.upsertChat(state, chat));
      } catch (error) {
        logger.warn('chat refresh failed', error);
      }
    },
    /**
     * After every (re)subscription of the user's channel: what was pushed while the socket was away. The unread
     * counts, the first page of chats, and the open chat's messages since the last one shown.
     */
    async resync(): Promise<void> {
      const open = state.openChatId;
      await Promise.all([
        store.loadUnread(),
        state.paging.chats.page >= 1 ? store.loadTab('chats', 1) : Promise.resolve(),
        open && state.messages[open]?.loaded
          ? calls
              .messages(open)
              .then((res) => set(rules.messagesCaughtUp(state, open, res.data)))
              .catch((error: unknown) => logger.warn('messages failed to catch up', error))
          : Promise.resolve(),
      ]);
    },
    /** Seeds a tab from the page's props. */
    hydrate(tab: ChatTab, page: Page<Chat> & { next_cursor?: string | null }, unread?: number) {
      let next = rules.pageLoaded(state, tab, page);
      if (unread !== undefined) next = rules.unreadLoaded(next, unread);
      set(next);
    },

    async loadTab(tab: ChatTab, page = 1, cursor?: string): Promise<void> {
      try {
        const res = await calls.list(tab, page, cursor);
        set(rules.pageLoaded(state, tab, res.data));
      } catch (error) {
        logger.warn('chat list failed', error);
        if (page === 1) set(rules.pageFailed(state, tab));
      }
    },
    async loadMore(tab: ChatTab): Promise<void> {
      const paging = state.paging[tab];
      if (paging.page >= paging.lastPage) return;
      await store.loadTab(tab, paging.page + 1, paging.cursor);
    },
    async loadUnread(): Promise<UnreadCounts | null> {
      const asked = seq;
      try {
        const res = await calls.unreadCount();
        if (asked === seq) set(rules.unreadLoaded(state, res.count, res.tabs ?? null));
        return res;
      } catch {
        if (asked === seq) set(rules.unreadLoaded(state, null, null));
        return null;
      }
    },

    /** Opens a chat on the chats page: it is read from now on. */
    async open(chatId: string | null): Promise<void> {
      bump();
      set(rules.opened(state, chatId));
      if (!chatId) return;
      if (!state.chats[chatId]) {
        try {
          const res = await calls.get(chatId);
          set(rules.upsertChat(state, res.chat));
        } catch (error) {
          logger.warn('chat failed to load', error);
          set(rules.opened(state, null));
          return;
        }
      }
      await store.markRead(chatId);
      await store.loadUnread();
    },
    async markRead(chatId: string): Promise<void> {
      try {
        await calls.markRead(chatId);
      } catch (error) {
        logger.warn('mark read failed', error);
      } finally {
        bump();
      }
    },
    async loadMessages(chatId: string, older = false): Promise<void> {
      const current = state.messages[chatId];
      const before = older ? current?.items.find((m) => m.type !== undefined)?.id : undefined;
      if (older && (!current?.hasMore || !before)) return;
      try {
        const res = await calls.messages(chatId, before);
        set(rules.messagesLoaded(state, chatId, res.data, res.has_more, older));
      } catch (error) {
        logger.warn('messages failed to load', error);
        if (!older) set(rules.messagesLoaded(state, chatId, [], false, false));
      }
    },

    async send(chatId: string, content: string): Promise<Message> {
      const res = await calls.send(chatId, { content });
      set(rules.messageSentByMe(state, res.message));
      return res.message;
    },
    async sendImage(chatId: string, file: File, content = ''): Promise<Message> {
      const form = new FormData();
      form.append('image', file);
      if (content) form.append('content', content);
      const res = await calls.sendImage(chatId, form);
      set(rules.messageSentByMe(state, res.message));
      return res.message;
    },
    async sendSticker(chatId: string, stickerId: string): Promise<Message> {
      const res = await calls.sendSticker(chatId, stickerId);
      set(rules.messageSentByMe(state, res.message));
      return res.message;
    },
    async shareListing(
      chatId: string,
      listingId: string,
      listing: Partial<ListingCard> & { title: string },
      content = '',
    ): Promise<Message> {
      const res = await calls.send(chatId, {
        type: 'listing',
        listing_id: listingId,
        listing,
        content,
      });
      set(rules.messageSentByMe(state, res.message));
      return res.message;
    },
    /** Starts (or reopens) a direct chat; the caller navigates to it. */
    async start(userId: string, message?: string): Promise<Chat> {
      const res = await calls.start({ user_id: userId, message });
      set(rules.upsertChat(state, res.chat));
      return res.chat;
    },

    /** Accept or decline a request. Resolves with an error message to show, or null. */
    async respond(chatId: string, accept: boolean): Promise<string | null> {
      try {
        const res = await calls.respond(chatId, accept);
        bump();
        set(rules.responded(state, chatId, accept, res.chat));
        return null;
      } catch (error) {
        return rules.respondErrorMessage(error);
      }
    },
    async toggleMute(chatId: string): Promise<void> {
      const res = await calls.toggleMute(chatId);
      bump();
      set(rules.settingsChanged(state, chatId, { is_muted: res.is_muted }));
    },
    async toggleBlock(chatId: string): Promise<void> {
      const res = await calls.toggleBlock(chatId);
      bump();
      set(rules.settingsChanged(state, chatId, { is_blocked: res.is_blocked }));
    },
    async leave(chatId: string): Promise<void> {
      await calls.leave(chatId);
      bump();
      set(rules.removeChat(state, chatId));
    },

    // Live events (private-App.Models.User.{me} and private-chat.{id}).
    live: {
      messageSent: (e: MessageSentEvent) => {
        if (!state.chats[e.chat_id]) {
          // Not loaded on this page: only the server knows this user's settings (muted?) and
          // counter for it, so ask rather than guess.
          void store.refreshChat(e.chat_id);
          return;
        }
        set(rules.messageReceived(state, e));
        // The chat open on the chats page stays read on the server too.
        if (state.openChatId === e.chat_id && e.message.user_id !== state.me) scheduleRead(e.chat_id);
      },
      chatCreated: (e: { chat: ChatSummary }) => set(rules.chatCreated(state, e.chat)),
      requestAnswered: (e: RequestAnsweredEvent) => {
        if (!e.accepted) set(rules.removeChat(state, e.chat_id));
        else if (state.chats[e.chat_id]) set(rules.responded(state, e.chat_id, true, null));
        else if (e.chat)
          set(rules.upsertChat(state, { ...rules.fromSummary(e.chat, state.me), accepted: true, is_request: false }));
      },
      settings: (e: ChatSettingsEvent) => set(rules.settingsChanged(state, e.chat_id, e.chat_settings)),
      left: (e: ChatLeftEvent) => set(rules.left(state, e.chat_id, e.user_id, e.deleted, e.message)),
      read: (e: ChatReadEvent) => set(rules.readReceived(state, e)),
    },
  };
  return store;
}

export type ChatsStore = ReturnType<typeof createChatsStore>;

/** The browser's one chats store. */
export const chatsStore = createChatsStore();

/** Reads part of the chats state and re-renders when it changes. */
export function useChatsState<T>(select: (state: ChatsState) => T): T {
  return useSyncExternalStore(
    chatsStore.subscribe,
    () => select(chatsStore.getState()),
    () => select(chatsStore.getState()),
  );
}
