import type { ChatType, MessageType } from './chat.entity';
export { pageOf as paginated, type Page as Paginated } from '../../common/pagination';

/** A participant as chats show them (also the presence channel's user_info). */
export interface ChatUserJson {
  id: string;
  name: string;
  handle: string | null;
  avatarUrl: string | null;
}

export interface MessageJson {
  id: string;
  chat_id: string;
  user_id: string | null;
  user: ChatUserJson | null;
  content: string;
  type: MessageType;
  data: Record<string, unknown>;
  created_at: string;
  client_id?: string;
}

export interface ChatSettingsJson {
  user_id: string;
  is_muted: boolean;
  is_blocked: boolean;
}

/** Spec 3 "Chat", as seen by one user (unread_count and chat_settings are that user's). */
export interface ChatJson {
  id: string;
  type: ChatType;
  name: string | null;
  users: ChatUserJson[];
  accepted: boolean;
  created_by_user_id: string | null;
  last_message: MessageJson | null;
  last_message_at: string | null;
  created_at: string;
  unread_count: number;
  chat_settings: ChatSettingsJson;
  left_by_users: string[];
  /** This user has not answered this request yet (shown under Requested). */
  is_request: boolean;
  messages?: MessageJson[];
}

/** The part of a chat that is the same for everyone, sent with live events. */
export interface ChatSummaryJson {
  id: string;
  type: ChatType;
  name: string | null;
  users: ChatUserJson[];
  accepted: boolean;
  created_by_user_id: string | null;
  created_at: string;
  left_by_users: string[];
}

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function chatUser(row: {
  id: string;
  name: string;
  handle: string | null;
  avatar_path: string | null;
}): ChatUserJson {
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    avatarUrl: row.avatar_path ? `/media/${row.avatar_path}` : null,
  };
}

export interface MessageRow {
  id: string;
  chat_id: string;
  user_id: string | null;
  type: MessageType;
  content: string;
  data: Record<string, unknown> | null;
  created_at: Date | string;
  u_name?: string | null;
  u_handle?: string | null;
  u_avatar_path?: string | null;
}

export function messageJson(row: MessageRow): MessageJson {
  return {
    id: row.id,
    chat_id: row.chat_id,
    user_id: row.user_id,
    user:
      row.user_id && row.u_name
        ? chatUser({
            id: row.user_id,
            name: row.u_name,
            handle: row.u_handle ?? null,
            avatar_path: row.u_avatar_path ?? null,
          })
        : null,
    content: row.content,
    type: row.type,
    data: row.data ?? {},
    created_at: iso(row.created_at)!,
  };
}
