/** Wire shapes of OpenCreative: creative managers, delegations (grants) and the delegated-activity log. Type-only. */
import type { Page } from './common';
import type { PublicUser } from './users';

export const CREATIVE_SKILLS = ['video_editing', 'design', 'photo'] as const;
export type CreativeSkill = (typeof CREATIVE_SKILLS)[number];

/** What a grant lets the manager do; an `:edit` scope includes its `:read`. */
export const DELEGATION_SCOPES = [
  'walkthroughs:read',
  'walkthroughs:edit',
  'spots:read',
  'spots:edit',
  'designs:read',
  'designs:edit',
] as const;
export type DelegationScope = (typeof DELEGATION_SCOPES)[number];

export interface CreativeManager {
  id: string;
  user: PublicUser;
  headline: string;
  bio: string;
  skills: CreativeSkill[];
  rate_text: string;
  /** Site paths of the manager's public work (`/spot/<slug>`, `/walkthrough/<slug>`, `/designs/<id>`). */
  portfolio: string[];
  updated_at: string;
}
export type CreativeManagerPage = Page<CreativeManager>;

/** `expired`: active but past `expires_at` (worked out at read time, as every access check does). */
export type GrantStatus = 'pending' | 'active' | 'expired' | 'declined' | 'revoked';

export interface DelegationGrant {
  id: string;
  owner: PublicUser;
  manager: PublicUser;
  scopes: DelegationScope[];
  /** null: every listing of the owner (and work on no listing). */
  listing_ids: string[] | null;
  status: GrantStatus;
  expires_at: string | null;
  accepted_at: string | null;
  ended_at: string | null;
  created_at: string;
}
export type DelegationGrantPage = Page<DelegationGrant>;

export interface DelegatedActivity {
  id: string;
  grant_id: string;
  owner: PublicUser | null;
  manager: PublicUser | null;
  scope: DelegationScope;
  resource_type: 'walkthrough' | 'spot' | 'design';
  resource_id: string;
  summary: string;
  created_at: string;
}
export type DelegatedActivityPage = Page<DelegatedActivity>;

/** One of the realtor's own listings, as the grant form's picker offers it. */
export interface GrantListingChoice {
  id: string;
  name: string;
}
export type GrantListingChoicePage = Page<GrantListingChoice>;

/** Which side of a grant the caller lists: grants they gave (realtor) or received (manager). */
export type GrantSide = 'given' | 'received';

/** The OpenCreative/Managers page. Private parts are null for guests. */
export interface OpenCreativeManagersProps {
  managers: CreativeManagerPage;
  filters: { q: string; skill: string };
  mine: CreativeManager | null;
  given: DelegationGrantPage | null;
  received: DelegationGrantPage | null;
  activity: DelegatedActivityPage | null;
}
