import { cn } from '@/lib/cn';

export interface ProgressBarProps {
  /** Percent done, 0 to 100 (clamped). */
  value: number;
  /** What is progressing, for screen readers. */
  label: string;
  className?: string;
}

/** A thin bar for work that reports how far it got (a job's progress, an upload). */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
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
      <div className="h-full bg-brand-500 transition-all" style={{ width: `${pct}%` }} />
    </div>
  );
}
