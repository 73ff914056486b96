import type {
  CurrentTeamProps,
  JoinRequestJson,
  TeamInvitationJson,
  TeamJson,
  TeamMemberJson,
  TeamRole,
  TeamSummary,
  TeamType,
  TeamUsageJson,
} from '@contracts/teams';
import type { Page } from '@contracts/common';
import { api, request } from '../lib/http';

type Message = { message: string };

/** Page paths of the teams area. */
export const teamsPaths = {
  create: '/teams/create',
  show: (id: string) => `/teams/${id}`,
  requests: (id: string) => `/teams/${id}/requests`,
  usage: (id: string) => `/teams/${id}/llm-usage`,
  settings: (id: string) => `/teams/${id}/settings`,
  invitations: '/invitations',
  login: '/login',
  register: '/register',
  teamProperties: '/properties?scope=team',
  teamListings: '/listings?scope=team',
};

export const teamsApi = {
  mine: () => api.get<{ data: Array<{ team: TeamSummary; role: TeamRole }> }>('/api/teams'),
  current: () => api.get<CurrentTeamProps>('/api/teams/current'),
  create: (body: { name: string; handle: string; type: TeamType }) =>
    api.post<Message & { team: TeamJson }>('/api/teams', body),
  checkHandle: (handle: string, teamId?: string) =>
    api.post<{ status: 'available' }>('/api/teams/check-handle', { handle, team_id: teamId }),
  switchTo: (teamId: string) => api.put<Message & { team: TeamSummary }>('/api/user/current-team', { team_id: teamId }),
  update: (
    id: string,
    body: Partial<{ name: string; handle: string; type: TeamType; monthly_budget_micro: number | null }>,
  ) => api.patch<Message & { team: TeamJson }>(`/api/teams/${id}`, body),
  uploadLogo: (id: string, file: File) => {
    const form = new FormData();
    form.append('logo', file);
    return api.post<Message & { team: TeamJson }>(`/api/teams/${id}/logo`, form);
  },
  destroy: (id: string, password: string) => request<Message>('DELETE', `/api/teams/${id}`, { password }),
  members: (id: string, page = 1) => api.get<Page<TeamMemberJson>>(`/api/teams/${id}/members`, { query: { page } }),
  changeRole: (id: string, userId: string, role: TeamRole) =>
    api.patch<Message>(`/api/teams/${id}/members/${userId}`, { role }),
  setCap: (id: string, userId: string, capMicro: number | null) =>
    api.put<Message>(`/api/teams/${id}/members/${userId}/llm-cap`, { llm_cap_micro: capMicro }),
  removeMember: (id: string, userId: string) => api.delete<Message>(`/api/teams/${id}/members/${userId}`),
  transfer: (id: string, userId: string, password: string) =>
    api.post<Message>(`/api/teams/${id}/transfer`, { user_id: userId, password }),
  usage: (id: string, month?: string) =>
    api.get<{ usage: TeamUsageJson }>(`/api/teams/${id}/llm-usage`, { query: { month } }),
  invite: (id: string, body: { email: string; role: TeamRole }) =>
    api.post<Message & { invitation: TeamInvitationJson }>(`/api/teams/${id}/invitations`, body),
  resendInvitation: (invitationId: string) => api.post<Message>(`/api/team-invitations/${invitationId}/resend`),
  revokeInvitation: (invitationId: string) => api.delete<Message>(`/api/team-invitations/${invitationId}`),
  received: (page = 1) => api.get<Page<TeamInvitationJson>>('/api/invitations', { query: { page } }),
  accept: (invitationId: string) =>
    api.post<Message & { team: TeamSummary }>(`/api/invitations/${invitationId}/accept`),
  decline: (invitationId: string) => api.post<Message>(`/api/invitations/${invitationId}/decline`),
  byHandle: (handle: string) =>
    api.get<{ team: TeamSummary | null }>(`/api/teams/by-handle/${encodeURIComponent(handle)}`),
  join: (body: { handle: string; message?: string }) =>
    api.post<Message & { status: 'joined' | 'requested'; team?: TeamSummary }>('/api/teams/join', body),
  requests: (id: string, page = 1) => api.get<Page<JoinRequestJson>>(`/api/teams/${id}/requests`, { query: { page } }),
  approve: (requestId: string, role?: TeamRole) =>
    api.post<Message>(`/api/team-requests/${requestId}/approve`, { role }),
  declineRequest: (requestId: string) => api.post<Message>(`/api/team-requests/${requestId}/decline`),
  claimDomain: (id: string, domain: string) =>
    api.post<Message & { team: TeamJson }>(`/api/teams/${id}/domain`, { domain }),
  verifyDomain: (id: string) => api.post<Message & { team: TeamJson }>(`/api/teams/${id}/domain/verify`),
  releaseDomain: (id: string) => api.delete<Message>(`/api/teams/${id}/domain`),
};

/** Micro-dollars as dollars for display ("$12.34"; fractions of a cent shown to 4 places). */
export function formatMicro(micro: string | number | null | undefined): string {
  if (micro === null || micro === undefined) return '—';
  const value = Number(micro) / 1_000_000;
  return `$${value.toFixed(value !== 0 && Math.abs(value) < 0.01 ? 4 : 2)}`;
}
