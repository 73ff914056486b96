import type { TeamPermission, TeamRole, TeamType } from '../../contracts/teams';

/**
 * What a team is, for its members' own understanding (no rule depends on it):
 * brokerage: a licensed firm whose agents list under a broker; team: agents selling together;
 * agency: a marketing, media or staging agency working for realtors; other: anything else.
 */
export const TEAM_TYPES: readonly TeamType[] = ['brokerage', 'team', 'agency', 'other'];

/** Roles from most to least trusted. Exactly one owner per team. */
export const TEAM_ROLES: readonly TeamRole[] = ['owner', 'admin', 'agent', 'assistant'];
/** Roles an invitation, a join approval or a role change may give (ownership moves only by transfer). */
export const ASSIGNABLE_ROLES: readonly TeamRole[] = ['admin', 'agent', 'assistant'];

const AGENT: TeamPermission[] = [
  'members.view',
  'listings.view',
  'listings.create',
  'listings.edit',
  'listings.publish',
  'usage.view',
];
const ADMIN: TeamPermission[] = [
  ...AGENT,
  'team.update',
  'members.invite',
  'members.remove',
  'members.role',
  'requests.manage',
  'domain.manage',
  'listings.edit_any',
  'listings.delete',
  'usage.manage',
];

/**
 * Each role is a set of named permissions. `listings.edit` covers one's own team records, `listings.edit_any` every
 * record of the team. Assistants prepare drafts and edit any listing but publish nothing; agents run their own
 * listings; admins run the team except deleting it or giving it away, which only the owner does.
 */
export const ROLE_PERMISSIONS: Record<TeamRole, ReadonlySet<TeamPermission>> = {
  owner: new Set<TeamPermission>([...ADMIN, 'team.delete']),
  admin: new Set(ADMIN),
  agent: new Set(AGENT),
  assistant: new Set<TeamPermission>([
    'members.view',
    'listings.view',
    'listings.create',
    'listings.edit',
    'listings.edit_any',
  ]),
};

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Administrator',
  agent: 'Agent',
  assistant: 'Assistant',
};

export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, including deleting the team and transferring ownership.',
  admin: 'Manages members, invitations, requests, the domain, the LLM budget and every team listing.',
  agent: 'Creates, edits and publishes their own team listings; sees the team and its usage.',
  assistant: 'Prepares and edits every team listing but cannot publish or delete.',
};

export function roleAllows(role: TeamRole | null | undefined, permission: TeamPermission): boolean {
  return !!role && ROLE_PERMISSIONS[role].has(permission);
}

export function permissionsOf(role: TeamRole): TeamPermission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

/** Free mail providers: anyone can have an address there, so a claim on them proves nothing. */
export const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'qq.com',
  '163.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
]);

export const INVITATION_TTL_DAYS = 7;

/** Every permission some role has (the owner has them all): each is a named policy check on team routes. */
export const TEAM_PERMISSIONS: readonly TeamPermission[] = [...ROLE_PERMISSIONS.owner];
