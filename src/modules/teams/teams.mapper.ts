import type {
  JoinRequestJson,
  TeamInvitationJson,
  TeamJson,
  TeamMemberJson,
  TeamRole,
  TeamSummary,
} from '../../contracts/teams';
import { mediaUrl } from '../../common/media-url';
import type { InvitationRow, JoinRequestRow, MemberRow, TeamRow } from './teams.rows';
import { iso } from '../../common/iso';

/** The TXT record a domain claim must publish. */
export const domainTxtRecord = (token: string) => `reelty-team-verification=${token}`;

export function toTeamSummary(t: TeamRow): TeamSummary {
  return {
    id: t.id,
    name: t.name,
    handle: t.handle,
    type: t.type,
    personal: t.personal,
    logo_url: mediaUrl(t.logo_path),
  };
}

export function toTeamJson(t: TeamRow, viewerManagesDomain: boolean): TeamJson {
  return {
    ...toTeamSummary(t),
    owner_id: t.owner_id,
    email_domain: t.email_domain,
    domain_verified: !!t.domain_verified_at,
    domain_txt_record: viewerManagesDomain && t.domain_token ? domainTxtRecord(t.domain_token) : null,
    monthly_budget_micro: t.monthly_budget_micro,
    members_count: t.members_count ?? 0,
    created_at: iso(t.created_at),
  };
}

/** Members' emails are shown only to those who manage members. */
export function toMemberJson(m: MemberRow, showEmail: boolean): TeamMemberJson {
  return {
    user_id: m.user_id,
    name: m.name,
    handle: m.handle,
    email: showEmail ? m.email : null,
    avatar_url: mediaUrl(m.avatar_path),
    role: m.role,
    llm_cap_micro: m.llm_cap_micro,
    joined_at: iso(m.created_at),
  };
}

export function toInvitationJson(i: InvitationRow & { team: TeamRow }, now: Date): TeamInvitationJson {
  return {
    id: i.id,
    team: toTeamSummary(i.team),
    email: i.email,
    role: i.role as TeamRole,
    expires_at: iso(i.expires_at),
    expired: new Date(i.expires_at).getTime() <= now.getTime(),
    created_at: iso(i.created_at),
  };
}

export function toJoinRequestJson(r: JoinRequestRow, team: TeamRow): JoinRequestJson {
  return {
    id: r.id,
    team: toTeamSummary(team),
    user: { id: r.user_id, name: r.user_name, handle: r.user_handle, avatar_url: mediaUrl(r.user_avatar_path) },
    status: r.status,
    message: r.message,
    created_at: iso(r.created_at),
  };
}

export function pageOf<T>(data: T[], total: number, page: number, perPage: number) {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
