import type { SweepstakesPage } from '@contracts/sweepstakes';
import { Head } from '@inertiajs/react';
import { sweepstakesPaths } from '@/api/sweepstakes';
import { formatDateTime, formatMoney, StateBadge } from '@/components/sweepstakes';
import { EmptyState, LinkCard, Pagination } from '@/components/ui';
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
            <LinkCard
              key={s.id}
              href={sweepstakesPaths.show(s.id)}
              title={s.title}
              badge={<StateBadge state={s.state} />}
              description={s.summary}
              meta={`Ends ${formatDateTime(s.ends_at)}`}
            >
              <p className="mt-1 text-sm font-medium text-accent-ink">
                {formatMoney(s.total_prize_value_minor, s.currency)} in prizes
              </p>
            </LinkCard>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pagination of={page} hrefFor={(p) => `${sweepstakesPaths.index}?page=${p}`} />
      </div>
    </>
  );
}
