import type { SweepstakesPage } from '@contracts/sweepstakes';
import { Head, Link } from '@inertiajs/react';
import { sweepstakesPaths } from '@/api/sweepstakes';
import { formatDateTime, formatMoney, StateBadge } from '@/components/sweepstakes';
import { EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

/** Public list of sweepstakes: open, upcoming and past (with their verifiable draws). */
export default function SweepstakesIndex({ page }: PageProps<{ page: SweepstakesPage }>) {
  return (
    <>
      <Head title="Sweepstakes" />
      <h1 className="mb-2 text-2xl font-semibold text-slate-900 dark:text-white">Sweepstakes</h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        No purchase necessary. Every draw is provably fair: check any result yourself.
      </p>
      {page.data.length === 0 ? (
        <EmptyState title="No sweepstakes right now" description="Come back soon." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {page.data.map((s) => (
            <li key={s.id}>
              <Link
                href={sweepstakesPaths.show(s.id)}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-400 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold text-slate-900 dark:text-white">{s.title}</h2>
                  <StateBadge state={s.state} />
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{s.summary}</p>
                <p className="mt-3 text-sm font-medium text-brand-700 dark:text-brand-300">
                  {formatMoney(s.total_prize_value_minor, s.currency)} in prizes
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">Ends {formatDateTime(s.ends_at)}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pagination of={page} hrefFor={(p) => `${sweepstakesPaths.index}?page=${p}`} />
      </div>
    </>
  );
}
