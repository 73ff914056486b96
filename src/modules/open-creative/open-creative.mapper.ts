import { iso } from '../../common/iso';
import type { CreativeManager, DelegatedActivity, DelegationGrant, GrantStatus } from '../../contracts/open-creative';
import type { PublicUser } from '../../contracts/users';
import { toPublicUser, type User } from '../users';
import type { ActivityRow, GrantRow, ManagerRow } from './open-creative.repository';

/** Someone whose account is gone shows as a placeholder rather than breaking the list. */
const NOBODY: PublicUser = {
  id: '',
  name: 'Deleted account',
  handle: null,
  type: 'viewer',
  avatarUrl: null,
  bio: null,
};

function person(users: Map<string, User>, id: string): PublicUser {
  const user = users.get(id);
  return user ? toPublicUser(user) : { ...NOBODY, id };
}

export function toManagerJson(row: ManagerRow, users: Map<string, User>): CreativeManager {
  return {
    id: row.id,
    user: person(users, row.user_id),
    headline: row.headline,
    bio: row.bio,
    skills: row.skills,
    rate_text: row.rate_text,
    portfolio: row.portfolio,
    updated_at: iso(row.updated_at),
  };
}

/** An active grant past its expiry reads as expired (the access check compares with the same clock). */
export function grantStatus(row: GrantRow, now: Date): GrantStatus {
  if (row.status === 'active' && row.expires_at && row.expires_at <= now) return 'expired';
  return row.status;
}

export function toGrantJson(row: GrantRow, users: Map<string, User>, now: Date): DelegationGrant {
  return {
    id: row.id,
    owner: person(users, row.owner_id),
    manager: person(users, row.manager_id),
    scopes: row.scopes,
    listing_ids: row.listing_ids,
    status: grantStatus(row, now),
    expires_at: iso(row.expires_at),
    accepted_at: iso(row.accepted_at),
    ended_at: iso(row.ended_at),
    created_at: iso(row.created_at),
  };
}

export function toActivityJson(row: ActivityRow, users: Map<string, User>): DelegatedActivity {
  return {
    id: row.id,
    grant_id: row.grant_id,
    owner: person(users, row.owner_id),
    manager: person(users, row.manager_id),
    scope: row.scope,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    summary: row.summary,
    created_at: iso(row.created_at),
  };
}
