import { allowOnly } from '../policies';

/**
 * Who may do what in a society: its owner and moderators moderate; nobody removes the owner, and only the owner
 * removes a moderator. (Reading, posting and commenting follow membership: SocietyService.readable and member.)
 */

type SocietyRole = 'owner' | 'moderator' | 'member' | string | null;

export function requireModerator(role: SocietyRole): void {
  allowOnly(role === 'owner' || role === 'moderator', 'Only the owner and moderators can do that.');
}

export function requireRemovable(actorRole: SocietyRole, memberRole: SocietyRole): void {
  allowOnly(
    memberRole !== 'owner' && (memberRole !== 'moderator' || actorRole === 'owner'),
    'You cannot remove this member.',
  );
}
