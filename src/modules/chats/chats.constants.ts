export const CHAT_TABS = ['chats', 'muted', 'blocked', 'requested'] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

export const CHATS_PAGE_SIZE = 20;
export const CHATS_MAX_PAGE_SIZE = 100;
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_MAX_PAGE_SIZE = 100;
export const MESSAGE_MAX_LENGTH = 5000;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Spam guards per user: messages per minute, new chats (requests) per hour. */
export const MESSAGES_PER_MINUTE = 120;
export const CHAT_STARTS_PER_HOUR = 30;

export const chatChannel = (chatId: string) => `private-chat.${chatId}`;
export const chatPresenceChannel = (chatId: string) => `presence-chat.${chatId}`;
export const userChannel = (userId: string) => `private-App.Models.User.${userId}`;

/**
 * Live events (custom names: clients listen with a leading dot, e.g. `.message.sent`).
 * - message.sent / chat.created / chat.request.answered / chat.settings / chat.left go to each
 *   receiving participant's private user channel (so the chat list updates for every chat, and a
 *   blocker simply is not among the receivers);
 * - chat.read, chat.left and chat.request.answered also go to `private-chat.{id}`; typing is a
 *   client event (`client-typing`) on `presence-chat.{id}`, which also tells who is online.
 */
export const CHAT_EVENTS = {
  messageSent: 'message.sent',
  chatCreated: 'chat.created',
  requestAnswered: 'chat.request.answered',
  read: 'chat.read',
  settings: 'chat.settings',
  left: 'chat.left',
} as const;
