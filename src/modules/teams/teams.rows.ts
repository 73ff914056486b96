import type { TeamRole, TeamType } from '../../contracts/teams';

/** The teams tables' rows as the repository reads them (the mapper turns them into src/contracts/teams JSON). */
export interface TeamRow {
  id: string;
  name: string;
  handle: string;
  type: TeamType;
  personal: boolean;
  owner_id: string;
  logo_path: string | null;
  email_domain: string | null;
  domain_token: string | null;
  domain_verified_at: Date | null;
  monthly_budget_micro: string | null;
  created_at: Date;
  members_count?: number;
}

export interface MemberRow {
  user_id: string;
  name: string;
  handle: string | null;
  email: string;
  avatar_path: string | null;
  role: TeamRole;
  llm_cap_micro: string | null;
  created_at: Date;
}

export interface MembershipRow extends TeamRow {
  role: TeamRole;
}

export interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  role: TeamRole;
  token_hash: string;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export interface JoinRequestRow {
  id: string;
  team_id: string;
  user_id: string;
  status: 'pending' | 'approved' | 'declined';
  message: string | null;
  created_at: Date;
  user_name: string;
  user_handle: string | null;
  user_avatar_path: string | null;
}
