import type { Chat, ChatsPage, ChatTab, ListingCard, Message, MessagesPage, UnreadCounts } from '@contracts/chats';
import type { StickerPackJson } from '@contracts/admin-content';
import type { Page } from '@contracts/common';
import { api } from '../lib/http';

type Http = Pick<typeof api, 'get' | 'post' | 'delete'>;

/** The chat pages. */
export const chatPaths = {
  index: '/chats',
  open: (chatId: string) => `/chats?chat=${chatId}`,
};

export interface StartChat {
  user_id?: string;
  handle?: string;
  message?: string;
  listing_id?: string;
  listing?: Partial<ListingCard> & { title: string };
}

/** The chat /api calls over `http` (the chats store passes its own client in tests). */
export function createChatsApi(http: Http = api) {
  return {
    get: (chatId: string) => http.get<{ chat: Chat }>(`/api/chats/${chatId}`),
    /** A tab's page; `cursor` (the previous page's `next_cursor`) continues below its last chat. */
    list: (tab: ChatTab, page: number, cursor?: string) =>
      http.get<{ data: ChatsPage }>('/api/chats/filtered', { query: { type: tab, page, cursor } }),
    unreadCount: () => http.get<UnreadCounts>('/api/chats/unread-count'),
    markRead: (chatId: string) => http.post(`/api/chats/${chatId}/read`),
    messages: (chatId: string, before?: string) =>
      http.get<MessagesPage>(`/api/chats/${chatId}/messages`, { query: { before } }),
    send: (chatId: string, body: Record<string, unknown>) =>
      http.post<{ message: Message }>(`/api/chats/${chatId}/messages`, body),
    sendImage: (chatId: string, form: FormData) =>
      http.post<{ message: Message }>(`/api/chats/${chatId}/messages/image`, form),
    sendSticker: (chatId: string, stickerId: string) =>
      http.post<{ message: Message }>(`/api/chats/${chatId}/messages/sticker`, { sticker_id: stickerId }),
    /** The sticker packs people can send (enabled ones). */
    stickers: (page = 1) => http.get<Page<StickerPackJson>>('/api/stickers', { query: { page } }),
    /** The product variant that buys a paid sticker pack (then the cart and checkout as for any product). */
    stickerPackProduct: (packId: string) =>
      http.post<{ message: string; product_slug: string; variant_id: string }>(`/api/sticker-packs/${packId}/purchase`),
    start: (body: StartChat) => http.post<{ chat: Chat }>('/api/chats', body),
    respond: (chatId: string, accept: boolean) =>
      http.post<{ status: string; chat: Chat | null }>(`/api/chats/${chatId}/respond`, { accept }),
    toggleMute: (chatId: string) => http.post<{ is_muted: boolean }>(`/api/chats/${chatId}/toggle-mute`),
    toggleBlock: (chatId: string) => http.post<{ is_blocked: boolean }>(`/api/chats/${chatId}/toggle-block`),
    leave: (chatId: string) => http.delete(`/api/chats/${chatId}`),
  };
}

export const chatsApi = createChatsApi();
