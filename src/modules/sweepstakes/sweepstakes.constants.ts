import type { DisqualifyReason, SweepstakesState } from '../../contracts/sweepstakes';

export const SWEEPSTAKES_STATES: SweepstakesState[] = [
  'draft',
  'scheduled',
  'open',
  'closed',
  'drawing',
  'drawn',
  'void',
];
/** States the public may see (drafts and cancelled ones stay private). */
export const PUBLIC_STATES: SweepstakesState[] = ['scheduled', 'open', 'closed', 'drawing', 'drawn'];
/** Rules may be edited in place only before opening; afterwards changes are dated amendments. */
export const EDITABLE_STATES: SweepstakesState[] = ['draft', 'scheduled'];
export const DISQUALIFY_REASONS: DisqualifyReason[] = [
  'EMAIL_VARIANT',
  'IP_BURST',
  'DEVICE_BURST',
  'ACCOUNT_AFTER_END',
  'INELIGIBLE',
  'ADMIN',
];

export const DEFAULT_CLAIM_WINDOW_DAYS = 7;

/** Queue and job names. The draw runs on the shared `fanout` queue (CPU-bound, short, one per sweepstakes). */
export const DRAW_QUEUE = 'fanout' as const;
export const DRAW_JOB = 'sweepstakes.draw';
/** A draw still `drawing` this long after it started lost its job (retries exhausted): an admin may resume it. */
export const DRAW_RESUME_AFTER_MS = 10 * 60_000;
export const TIMERS = {
  open: 'sweepstakes.open',
  close: 'sweepstakes.close',
  claimDeadline: 'sweepstakes.claim-deadline',
} as const;
export const PURCHASE_CONSUMER = 'sweepstakes.purchase-entries';

/** Channels and live events (clients listen with a leading dot). */
export const adminChannel = (id: string) => `private-admin.sweepstakes.${id}`;
export const userChannel = (userId: string) => `private-App.Models.User.${userId}`;
export const LIVE_EVENTS = {
  entryCount: 'sweepstakes.entries',
  drawProgress: 'sweepstakes.draw',
  won: 'sweepstakes.won',
} as const;

/** Media prefix of claim tax forms: sweepstakes-tax/<sweepstakes id>/<user id>/<file>. */
export const TAX_FORM_PREFIX = 'sweepstakes-tax';
