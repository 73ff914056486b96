/** Wire shapes of community channels (broadcast or discussion channels) and their messages. Type-only. */
import type { Page } from './common';
import type { CommunityAuthor, ModerationState } from './community';

export type ChannelVisibility = 'public' | 'private';
/** owner: a broadcast channel only its owner writes to; members: every member may write. */
export type ChannelPosting = 'owner' | 'members';
export type ChannelRole = 'owner' | 'member';

export interface CommunityChannel {
  id: string;
  name: string;
  description: string;
  visibility: ChannelVisibility;
  posting: ChannelPosting;
  owner: CommunityAuthor;
  members_count: number;
  messages_count: number;
  last_message_at: string | null;
  created_at: string;
  /** The viewer's role (null when not a member), whether they hold an invitation, and whether they may write. */
  my_role: ChannelRole | null;
  invited: boolean;
  can_post: boolean;
}

export interface ChannelMessage {
  id: string;
  channel_id: string;
  body_html: string;
  moderation: ModerationState;
  author: CommunityAuthor;
  created_at: string;
}

export interface ChannelMember {
  user: CommunityAuthor;
  role: ChannelRole;
  joined_at: string;
}

/** Newest first; pass next_cursor for older messages. */
export interface ChannelHistory {
  data: ChannelMessage[];
  next_cursor: string | null;
}

/** Live events on private-community-channel.{id}: `.channel.message` and `.channel.message.removed`. */
export interface ChannelMessageEvent {
  message: ChannelMessage;
}
export interface ChannelMessageRemovedEvent {
  id: string;
  channel_id: string;
}

/** A pending invitation of the signed-in user: accept by joining, or decline. */
export interface ChannelInvitation {
  channel: CommunityChannel;
  invited_by: CommunityAuthor | null;
  invited_at: string;
}

/** Someone the owner invited who has not answered yet. */
export interface ChannelInvitee {
  user: CommunityAuthor;
  invited_at: string;
}

/** A person the owner may invite, found by handle or name; `status` says when they are already in or invited. */
export interface ChannelInviteCandidate {
  user: CommunityAuthor;
  status: 'member' | 'invited' | null;
}

/** Presence on presence-community-channel.{id}: who has the channel open (user_info). */
export interface ChannelPresenceMember {
  id: string;
  name: string;
}

export type ChannelPage = Page<CommunityChannel>;
export type ChannelInvitationPage = Page<ChannelInvitation>;
export type ChannelInviteePage = Page<ChannelInvitee>;
export type ChannelMemberPage = Page<ChannelMember>;
