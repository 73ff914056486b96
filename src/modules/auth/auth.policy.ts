import { allowOnly, deny } from '../policies';

/**
 * Who may reach a route at all, before any area's rule: signed in (401 otherwise, the guard's), a verified address
 * for routes marked `verified` (JSON callers hear it; pages are sent to the notice), and the route's `@Roles`.
 */

export function refuseUnverified(): never {
  deny('Please verify your email address first.');
}

export function requireRole(roles: readonly string[] | undefined, role: string): void {
  allowOnly(!roles?.length || roles.includes(role), 'This area is for administrators only.');
}
