import type {
  ChannelInvitation,
  ChannelInvitee,
  ChannelMember,
  ChannelMessage,
  CommunityChannel,
} from '../../contracts/channels';
import { iso } from '../../common/iso';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { ChannelMemberRow, ChannelRow, InvitationRow, InviteeRow, Membership } from './channels.repository';
import type { MessageRow } from './channel-messages.repository';
import { mayPost } from './channels.policy';

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

/** The invited person's view: the channel (they hold an invitation, no role yet) and who invited them. */
export function toInvitationJson(
  row: InvitationRow,
  owner: User | undefined,
  inviter: User | undefined,
): ChannelInvitation {
  return {
    channel: toChannelJson(row, owner, { role: null, invited: true }),
    invited_by: row.invited_by ? toAuthorJson(inviter, row.invited_by) : null,
    invited_at: iso(row.invited_at),
  };
}

export function toInviteeJson(row: InviteeRow, user: User | undefined): ChannelInvitee {
  return { user: toAuthorJson(user, row.user_id), invited_at: iso(row.created_at) };
}
