import type {
  ChannelHistory,
  ChannelInvitationPage,
  ChannelInviteCandidate,
  ChannelInviteePage,
  ChannelMessage,
  ChannelMessageEvent,
  ChannelMessageRemovedEvent,
  ChannelPosting,
  ChannelVisibility,
  ChannelPresenceMember,
  CommunityChannel,
} from '@contracts/channels';
import type { FlagReason, FlagResult } from '@contracts/community';
import { api } from '../lib/http';

type Message = { message: string };
export type ChannelDraft = {
  name: string;
  description: string;
  visibility: ChannelVisibility;
  posting: ChannelPosting;
};

/** Page paths of channels and messages. */
export const channelPaths = {
  index: '/channels',
  page: (p: number) => `/channels?page=${p}`,
  show: (id: string) => `/channels/${id}`,
  message: (id: string) => `/messages/${id}`,
};

/** A channel's live feed (private-community-channel.{id}) and its events. */
export const channelLive = {
  channel: (id: string) => `community-channel.${id}`,
  message: '.channel.message',
  removed: '.channel.message.removed',
};
export type { ChannelMessageEvent, ChannelMessageRemovedEvent, ChannelPresenceMember };

export const channelApi = {
  create: (body: ChannelDraft) => api.post<Message & { channel: CommunityChannel }>('/api/channels', body),
  join: (id: string) => api.post<Message & { channel: CommunityChannel }>(`/api/channels/${id}/join`),
  leave: (id: string) => api.post<Message>(`/api/channels/${id}/leave`),
  history: (id: string, cursor?: string) =>
    api.get<ChannelHistory>(`/api/channels/${id}/messages`, { query: { cursor } }),
  send: (id: string, bodyHtml: string) =>
    api.post<Message & { data: ChannelMessage }>(`/api/channels/${id}/messages`, { body_html: bodyHtml }),
  remove: (messageId: string) => api.delete<Message>(`/api/messages/${messageId}`),
  decline: (id: string) => api.post<Message>(`/api/channels/${id}/decline`),
  invite: (id: string, target: { user_id: string } | { handle: string }) =>
    api.post<Message>(`/api/channels/${id}/invites`, target),
  invitees: (id: string, page = 1) => api.get<ChannelInviteePage>(`/api/channels/${id}/invites`, { query: { page } }),
  withdraw: (id: string, userId: string) => api.delete<Message>(`/api/channels/${id}/invites/${userId}`),
  candidates: (id: string, q: string) =>
    api.get<{ data: ChannelInviteCandidate[] }>(`/api/channels/${id}/invite-candidates`, { query: { q } }),
  myInvitations: (page = 1) => api.get<ChannelInvitationPage>('/api/channel-invitations', { query: { page } }),
  flag: (messageId: string, reason: FlagReason) => api.post<FlagResult>(`/api/messages/${messageId}/flag`, { reason }),
};
