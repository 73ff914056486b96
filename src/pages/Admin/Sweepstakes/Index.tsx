import type { SweepstakesPage, SweepstakesState } from '@contracts/sweepstakes';
import { Head, Link } from '@inertiajs/react';
import { sweepstakesPaths } from '@/api/sweepstakes';
import { formatDateTime, formatMoney, StateBadge, STATE_LABELS } from '@/components/sweepstakes';
import { ButtonLink, Card, EmptyState, Pagination } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

interface Props {
  page: SweepstakesPage;
  state: SweepstakesState | null;
}

const FILTERS: Array<SweepstakesState | null> = [null, 'draft', 'scheduled', 'open', 'closed', 'drawn', 'void'];

/** Admin Sweepstakes: every sweepstakes, filtered by state. */
export default function AdminSweepstakesIndex({ page, state }: PageProps<Props>) {
  return (
    <>
      <Head title="Sweepstakes admin" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Sweepstakes</h1>
        <ButtonLink href={sweepstakesPaths.admin.create}>New sweepstakes</ButtonLink>
      </div>
      <nav aria-label="Filter by state" className="-mx-1 mb-4 flex gap-1 overflow-x-auto pb-1">
        {FILTERS.map((filter) => (
          <Link
            key={filter ?? 'all'}
            href={sweepstakesPaths.admin.index(filter)}
            aria-current={filter === state ? 'page' : undefined}
            className={cn(
              'shrink-0 rounded-full px-3 py-1.5 text-sm',
              filter === state
                ? 'bg-brand-600 text-white dark:bg-brand-500'
                : 'bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            {filter ? STATE_LABELS[filter] : 'All'}
          </Link>
        ))}
      </nav>
      {page.data.length === 0 ? (
        <EmptyState
          title="No sweepstakes here yet"
          action={<ButtonLink href={sweepstakesPaths.admin.create}>Create one</ButtonLink>}
        />
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-line">
            {page.data.map((s) => (
              <li key={s.id}>
                <Link
                  href={sweepstakesPaths.admin.show(s.id)}
                  className="flex flex-wrap items-center justify-between gap-2 px-5 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/50"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900 dark:text-white">{s.title}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {formatDateTime(s.starts_at)} → {formatDateTime(s.ends_at)} ·{' '}
                      {formatMoney(s.total_prize_value_minor, s.currency)} · {s.entry_count.toLocaleString()} entries
                    </p>
                  </div>
                  <StateBadge state={s.state} />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <div className="mt-4">
        <Pagination of={page} hrefFor={(p) => `${sweepstakesPaths.admin.index(state)}${state ? '&' : '?'}page=${p}`} />
      </div>
    </>
  );
}
