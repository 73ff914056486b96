import type { ChannelMember, ChannelMessage, CommunityChannel } from '../../contracts/channels';
import { iso } from '../../common/iso';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { ChannelMemberRow, ChannelRow, Membership } from './channels.repository';
import type { MessageRow } from './channel-messages.repository';

/** Whether a member with `role` may write to a channel whose posting rule is `posting`. */
export function mayPost(channel: Pick<ChannelRow, 'posting'>, role: Membership['role']): boolean {
  return role === 'owner' || (role === 'member' && channel.posting === 'members');
}

export function toChannelJson(row: ChannelRow, owner: User | undefined, me: Membership): CommunityChannel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    posting: row.posting,
    owner: toAuthorJson(owner, row.owner_id),
    members_count: row.members_count,
    messages_count: row.messages_count,
    last_message_at: iso(row.last_message_at),
    created_at: iso(row.created_at),
    my_role: me.role,
    invited: me.invited,
    can_post: mayPost(row, me.role),
  };
}

export function toChannelMessageJson(row: MessageRow, author: User | undefined): ChannelMessage {
  return {
    id: row.id,
    channel_id: row.channel_id,
    body_html: row.body_html,
    moderation: row.moderation,
    author: toAuthorJson(author, row.author_id),
    created_at: iso(row.created_at),
  };
}

export function toChannelMemberJson(row: ChannelMemberRow, user: User | undefined): ChannelMember {
  return { user: toAuthorJson(user, row.user_id), role: row.role, joined_at: iso(row.created_at) };
}
