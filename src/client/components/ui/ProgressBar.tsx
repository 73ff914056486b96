import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** Percent done, 0 to 100 (clamped). */
  value: number;
  /** What is progressing, for screen readers. */
  label: string;
  className?: string;
  /** The fill's colour: `done` (achieved) and `failed` are status colours; the accent otherwise. */
  tone?: 'progress' | 'done' | 'failed';
}

const FILL = { progress: 'bg-brand-600 dark:bg-brand-500', done: 'bg-emerald-500', failed: 'bg-red-500' };

/** A thin bar for work that reports how far it got (a job's progress, an upload, a goal). */
export function ProgressBar({ value, label, className, tone = 'progress' }: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={cn('h-2 overflow-hidden rounded-full bg-surface-muted', className)}
      role="progressbar"
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <div className={cn('h-full transition-all', FILL[tone])} style={{ width: `${pct}%` }} />
    </div>
  );
}
