/** Wire shapes of chats: the API answers, the Chats/Index page props and the live events. Type-only. */
import type { Page } from './common';

export type ChatTab = 'chats' | 'muted' | 'blocked' | 'requested';
export type ChatType = 'direct' | 'group';
export type MessageType = 'text' | 'image' | 'listing' | 'system' | 'sticker';

/** A participant as chats show them (also the presence channel's user_info). */
export interface ChatUser {
  id: string;
  name: string;
  handle: string | null;
  avatarUrl: string | null;
}

export interface ChatImage {
  url: string;
  thumb_url: string;
  large_url: string;
  width: number;
  height: number;
}

/** A sticker as it was sent (shown as its image; the pack may be disabled later). */
export interface ChatSticker {
  id: string;
  name: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
}

/** A listing as it was when shared: the card keeps showing even if the listing changes. */
export interface ListingCard {
  title: string;
  price: string | null;
  address: string | null;
  image_url: string | null;
  url: string | null;
}

export interface Message {
  id: string;
  chat_id: string;
  user_id: string | null;
  user: ChatUser | null;
  content: string;
  type: MessageType;
  data: { image?: ChatImage; listing?: ListingCard; listing_id?: string | null; sticker?: ChatSticker } & Record<
    string,
    unknown
  >;
  created_at: string;
  client_id?: string;
}

export interface ChatSettings {
  user_id: string;
  is_muted: boolean;
  is_blocked: boolean;
}

/** The part of a chat that is the same for everyone (sent with live events). */
export interface ChatSummary {
  id: string;
  type: ChatType;
  name: string | null;
  users: ChatUser[];
  accepted: boolean;
  created_by_user_id: string | null;
  created_at: string;
  left_by_users: string[];
}

/** A chat as one user sees it (unread_count and chat_settings are that user's). */
export interface Chat extends ChatSummary {
  last_message: Message | null;
  last_message_at: string | null;
  unread_count: number;
  chat_settings: ChatSettings;
  /** This user has not answered this request yet (shown under Requested). */
  is_request?: boolean;
  messages?: Message[];
}

export interface UnreadCounts {
  count: number;
  tabs: Record<ChatTab, number>;
}

/**
 * A chat list page. `next_cursor` (keyset: the last chat's list position) asks for the chats below it with
 * `?cursor=`, so a chat moving to the top meanwhile neither repeats nor pushes another out of the next page.
 */
export type ChatsPage = Page<Chat> & { next_cursor: string | null };

/** History: a page in reading order, plus whether older messages exist. */
export type MessagesPage = Page<Message> & { has_more: boolean };

export interface MessageSentEvent {
  chat_id: string;
  message: Message;
  chat: ChatSummary;
}

export interface RequestAnsweredEvent {
  chat_id: string;
  user_id: string;
  accepted: boolean;
  chat: ChatSummary | null;
}

export interface ChatLeftEvent {
  chat_id: string;
  user_id: string;
  deleted: boolean;
  message: Message | null;
}

export interface ChatReadEvent {
  chat_id: string;
  user_id: string;
  last_read_at: string;
}

export interface ChatSettingsEvent {
  chat_id: string;
  chat_settings: ChatSettings;
}
