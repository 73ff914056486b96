/** Wire types of the teams area (type-only), shared by the server mapper and the client pages. */
import type { Page } from './common';

/** Team types and roles; the lists and their meaning live in src/modules/teams/team-roles.ts. */
export type TeamType = 'brokerage' | 'team' | 'agency' | 'other';
export type TeamRole = 'owner' | 'admin' | 'agent' | 'assistant';
export type TeamPermission =
  | 'team.update'
  | 'team.delete'
  | 'members.view'
  | 'members.invite'
  | 'members.remove'
  | 'members.role'
  | 'requests.manage'
  | 'domain.manage'
  | 'listings.view'
  | 'listings.create'
  | 'listings.edit'
  | 'listings.edit_any'
  | 'listings.publish'
  | 'listings.delete'
  | 'usage.view'
  | 'usage.manage';

export interface TeamSummary {
  id: string;
  name: string;
  handle: string;
  type: TeamType;
  personal: boolean;
  logo_url: string | null;
}

export interface TeamJson extends TeamSummary {
  owner_id: string;
  email_domain: string | null;
  domain_verified: boolean;
  /** The TXT record value that proves the domain (only for those who manage the domain). */
  domain_txt_record: string | null;
  monthly_budget_micro: string | null;
  members_count: number;
  created_at: string;
}

export interface TeamMemberJson {
  user_id: string;
  name: string;
  handle: string | null;
  email: string | null;
  avatar_url: string | null;
  role: TeamRole;
  llm_cap_micro: string | null;
  joined_at: string;
}

export interface TeamInvitationJson {
  id: string;
  team: TeamSummary;
  email: string;
  role: TeamRole;
  expires_at: string;
  expired: boolean;
  created_at: string;
}

export interface JoinRequestJson {
  id: string;
  team: TeamSummary;
  user: { id: string; name: string; handle: string | null; avatar_url: string | null };
  status: 'pending' | 'approved' | 'declined';
  message: string | null;
  created_at: string;
}

/** The viewer's place in a team: role and what it allows. */
export interface TeamMembershipJson {
  team: TeamJson;
  role: TeamRole;
  permissions: TeamPermission[];
}

/** Shared on every page (and in the signed-in user's JSON). */
export interface CurrentTeamProps {
  team: TeamSummary | null;
  teamRole: TeamRole | null;
  current_team: { team: TeamSummary; role: TeamRole; permissions: TeamPermission[] } | null;
  /** The teams the user belongs to, for the switcher (at most 50). */
  team_users: Array<{ team: TeamSummary; role: TeamRole }>;
}

export interface TeamUsageSeriesPoint {
  month: string;
  cost_micro: string;
}

export interface TeamUsageJson {
  month: string;
  budget_micro: string | null;
  spent_micro: string;
  reserved_micro: string;
  by_member: Array<{ user_id: string; name: string; cap_micro: string | null; cost_micro: string; calls: number }>;
  by_model: Array<{ model: string; cost_micro: string; calls: number }>;
  by_feature: Array<{ feature: string; cost_micro: string; calls: number }>;
  /** Daily cost of the month, for the chart. */
  daily: Array<{ day: string; cost_micro: string }>;
}

export type MembersPage = Page<TeamMemberJson>;
