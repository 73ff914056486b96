import type { ChatType, MessageType } from '../../contracts/chats';

/** The row shapes ChatsRepository answers with (its SQL's columns, before the mapper turns them into contracts). */
export interface MessageRow {
  id: string;
  chat_id: string;
  user_id: string | null;
  type: MessageType;
  content: string;
  data: Record<string, unknown> | null;
  created_at: Date | string;
}

/** The chat's columns beside one participant's state (left participants too). */
export interface ParticipantState {
  chat_id: string;
  type: ChatType;
  name: string | null;
  accepted: boolean;
  created_by_user_id: string | null;
  created_at: Date | string;
  user_id: string;
  is_muted: boolean;
  is_blocked: boolean;
  is_request: boolean;
  left_at: Date | string | null;
}

/** One row of a user's chat list: their participant row, the chat and its last message. */
export interface ListRow {
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
  last_message: MessageRow | null;
  /** The participant's list position (last_message_at) to the microsecond, for the keyset cursor. */
  cursor_at: string;
}

export interface ParticipantRow {
  chat_id: string;
  user_id: string;
  left_at: Date | null;
}

export interface SentRow {
  row: MessageRow;
  receivers: string[] | null;
  /** Everyone in the chat after the insert, for the live event. */
  people: ParticipantState[];
}
