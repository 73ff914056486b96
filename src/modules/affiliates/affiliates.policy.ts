import { allowOnly } from '../policies';

/**
 * Who may do what in the affiliate programme: an approved affiliate earns, makes links and is paid; a pending or
 * paused one sees their account; a banned one sees only that they are banned; links need the current guidelines
 * accepted.
 */

export function requireApproved(status: string): void {
  allowOnly(status === 'approved', `Your affiliate account is ${status}.`);
}

export function requireNotBanned(status: string): void {
  allowOnly(status !== 'banned', 'Your affiliate account is banned.');
}

export function requireGuidelinesAccepted(current: boolean): void {
  allowOnly(current, 'Accept the current guidelines before creating links.');
}
