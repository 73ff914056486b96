import { cn } from '@/lib/cn';
import { humanize } from './format';

const TONE: Record<string, string> = {
  paid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  fulfilled: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  refunded: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-300',
  partially_refunded: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  declined: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  expired: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** One state of one axis (order, payment, fulfilment, return), with the axis as a screen-reader prefix. */
export function StatusBadge({ axis, value }: { axis: string; value: string | null }) {
  if (!value) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        TONE[value] ?? 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
      )}
      data-testid={`${axis}-status`}
    >
      <span className="sr-only">{axis}: </span>
      {humanize(value)}
    </span>
  );
}
