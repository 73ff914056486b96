import type { SweepstakesState, WinnerStatus } from '@contracts/sweepstakes';

/** Integer minor units -> "$1,500.00" (money never passes through floats elsewhere). */
export function formatMoney(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amountMinor / 100);
}

export function formatDateTime(iso: string | null, timeZone?: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

export const STATE_LABELS: Record<SweepstakesState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  drawing: 'Drawing…',
  drawn: 'Drawn',
  void: 'Cancelled',
};

export const WINNER_LABELS: Record<WinnerStatus, string> = {
  standby: 'Alternate',
  notified: 'Notified',
  claimed: 'Claimed',
  fulfilled: 'Fulfilled',
  forfeited: 'Forfeited',
  disqualified: 'Disqualified',
};
