import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import { pageWindow } from './pagination-window';

interface PaginationBase {
  /** Builds the URL of a page; renders Inertia links (preserving scroll). */
  hrefFor?: (page: number) => string;
  /** Alternative to `hrefFor` for client-side paging. */
  onPageChange?: (page: number) => void;
  className?: string;
  /** The total is only known to be at least `lastPage` pages (a capped count, "10,000+"): no last page is shown, and Next stays on past it. */
  openEnded?: boolean;
}

/** The pages either as numbers or as a paged answer (`of={answer}`: its `current_page` and `last_page`). */
export type PaginationProps = PaginationBase &
  (
    | { currentPage: number; lastPage: number; of?: never }
    | { of: { current_page: number; last_page: number }; currentPage?: never; lastPage?: never }
  );

const itemBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors';
const itemIdle = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
const itemActive = 'bg-brand-600 text-white dark:bg-brand-500';
const itemDisabled = 'pointer-events-none text-slate-400 dark:text-slate-600';

export function Pagination({ hrefFor, onPageChange, className, openEnded = false, ...pages }: PaginationProps) {
  const currentPage = pages.of ? pages.of.current_page : pages.currentPage;
  const lastPage = pages.of ? pages.of.last_page : pages.lastPage;
  if (lastPage <= 1 && !openEnded) return null;
  // Open-ended: number the pages around the current one only, then a gap where the unknown end is.
  const slots = openEnded
    ? [...pageWindow(currentPage, currentPage + 1), 'gap' as const]
    : pageWindow(currentPage, lastPage);

  const item = (
    page: number,
    label: string,
    opts: { active?: boolean; disabled?: boolean; ariaLabel?: string } = {},
  ) => {
    const classes = cn(itemBase, opts.active ? itemActive : opts.disabled ? itemDisabled : itemIdle);
    const common = { 'aria-label': opts.ariaLabel, 'aria-current': opts.active ? ('page' as const) : undefined };
    if (opts.disabled || opts.active) {
      return (
        <span className={classes} {...common} aria-disabled={opts.disabled || undefined}>
          {label}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link href={hrefFor(page)} preserveScroll className={classes} {...common}>
          {label}
        </Link>
      );
    }
    return (
      <button type="button" onClick={() => onPageChange?.(page)} className={classes} {...common}>
        {label}
      </button>
    );
  };

  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      {item(currentPage - 1, '‹', { disabled: currentPage <= 1, ariaLabel: 'Previous page' })}
      {slots.map((slot, index) =>
        slot === 'gap' ? (
          <span key={`gap-${index}`} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ) : (
          <span key={slot}>
            {item(slot, String(slot), { active: slot === currentPage, ariaLabel: `Page ${slot}` })}
          </span>
        ),
      )}
      {item(currentPage + 1, '›', { disabled: !openEnded && currentPage >= lastPage, ariaLabel: 'Next page' })}
    </nav>
  );
}
