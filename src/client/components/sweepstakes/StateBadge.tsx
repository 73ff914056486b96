import type { SweepstakesState, WinnerStatus } from '@contracts/sweepstakes';
import { cn } from '@/lib/cn';
import { STATE_LABELS, WINNER_LABELS } from './format';

const tone: Record<string, string> = {
  open: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  scheduled: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  drawing: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  drawn: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200',
  notified: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  claimed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  fulfilled: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200',
  forfeited: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  disqualified: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  void: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
};

export function StateBadge({ state }: { state: SweepstakesState | WinnerStatus }) {
  const label = (STATE_LABELS as Record<string, string>)[state] ?? (WINNER_LABELS as Record<string, string>)[state];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        tone[state] ?? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {label}
    </span>
  );
}
