import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';

/**
 * Who may change a property. Its author and site admins always; in a team, a member whose role edits team listings
 * (teams' role table: `listings.edit_any`, or `listings.edit` for their own); publishing a team listing needs
 * `listings.publish`. Who may *see* a draft is the same set (PropertiesService.canView): others get 404.
 */

/** The author and site admins always change a property (team members by role: PropertiesService.canEdit). */
export function canEditProperty(p: { userId: string }, user: Pick<User, 'id' | 'role'> | null | undefined): boolean {
  return isOwnerOrAdmin(user, p.userId);
}

export function requireEditor(allowed: boolean): void {
  allowOnly(allowed, 'Only the owner or a team member whose role edits team listings can change this.');
}

export function requirePublisher(allowed: boolean): void {
  allowOnly(allowed, 'Your role in this team cannot publish listings.');
}
