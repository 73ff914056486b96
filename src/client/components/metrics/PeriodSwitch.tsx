import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';

const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

const tab = (active: boolean) =>
  cn(
    'rounded-control px-3 py-1 text-sm capitalize',
    active ? 'bg-brand-600 text-white' : 'text-ink-muted hover:text-ink',
  );

/**
 * Day / week / month grouping of a metrics page: links when each grouping has its own address (`hrefOf`), else
 * buttons that call `onSelect`.
 */
export function PeriodSwitch({
  current,
  hrefOf,
  onSelect,
}: {
  current: Period;
  hrefOf?: (p: Period) => string;
  onSelect?: (p: Period) => void;
}) {
  return (
    <nav aria-label="Group by" className="flex rounded-control border border-line p-0.5">
      {PERIODS.map((p) =>
        hrefOf ? (
          <Link
            key={p}
            href={hrefOf(p)}
            aria-current={p === current ? 'page' : undefined}
            className={tab(p === current)}
          >
            {p}
          </Link>
        ) : (
          <button
            key={p}
            type="button"
            aria-pressed={p === current}
            onClick={() => onSelect?.(p)}
            className={tab(p === current)}
          >
            {p}
          </button>
        ),
      )}
    </nav>
  );
}
