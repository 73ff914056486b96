import type { Chat, ChatSummary, ChatUser, Message } from '../../contracts/chats';
import type { ListRow, MessageRow, ParticipantRow, ParticipantState } from './chats.repository';
import { iso } from '../../common/iso';
import { mediaUrl } from '../../common/media-url';

/** A person's public profile as chats need it (from UsersService). */
export interface ChatProfile {
  id: string;
  name: string;
  handle: string | null;
  avatarPath: string | null;
}

export type Profiles = Map<string, ChatProfile>;

export { iso };

export function toChatUser(profile: ChatProfile): ChatUser {
  return {
    id: profile.id,
    name: profile.name,
    handle: profile.handle,
    avatarUrl: mediaUrl(profile.avatarPath),
  };
}

/** A message; its author from `profiles` (null for system notes and deleted accounts). */
export function toMessageJson(row: MessageRow, profiles: Profiles): Message {
  const author = row.user_id ? profiles.get(row.user_id) : undefined;
  return {
    id: row.id,
    chat_id: row.chat_id,
    user_id: row.user_id,
    user: author ? toChatUser(author) : null,
    content: row.content,
    type: row.type,
    data: (row.data ?? {}) as Message['data'],
    created_at: iso(row.created_at)!,
  };
}

/** Active participants as users, and the ids of those who left. */
function people(rows: Array<{ user_id: string; left_at: unknown }>, profiles: Profiles) {
  const users: ChatUser[] = [];
  const left: string[] = [];
  for (const p of rows) {
    const profile = profiles.get(p.user_id);
    if (p.left_at) left.push(p.user_id);
    else if (profile) users.push(toChatUser(profile));
  }
  return { users, left };
}

/** The part of a chat that is the same for everyone (live events), from all its participant states. */
export function toChatSummary(states: ParticipantState[], profiles: Profiles): ChatSummary {
  const s = states[0];
  const who = people(states, profiles);
  return {
    id: s.chat_id,
    type: s.type,
    name: s.name,
    users: who.users,
    accepted: s.accepted,
    created_by_user_id: s.created_by_user_id,
    created_at: iso(s.created_at)!,
    left_by_users: who.left,
  };
}

/** A chat as `userId` sees it (their counter and settings), from their list row and the chat's participants. */
export function toChatJson(userId: string, row: ListRow, participants: ParticipantRow[], profiles: Profiles): Chat {
  const who = people(participants, profiles);
  const last = row.last_message ? toMessageJson(row.last_message, profiles) : null;
  return {
    id: row.chat_id,
    type: row.type,
    name: row.name,
    users: who.users,
    accepted: row.accepted,
    created_by_user_id: row.created_by_user_id,
    last_message: last,
    last_message_at: last?.created_at ?? null,
    created_at: iso(row.created_at)!,
    unread_count: row.unread_count,
    chat_settings: { user_id: userId, is_muted: row.is_muted, is_blocked: row.is_blocked },
    left_by_users: who.left,
    is_request: row.is_request,
  };
}
