import type { ArenaFlag, FlagState } from '@contracts/arena';
import type { Page } from '@contracts/common';
import { Head, router } from '@inertiajs/react';
import { arenaAdminApi, arenaPaths } from '@/api/arena';
import { Button, Card, DividedList, EmptyState, FilterLink, Pagination } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  state: FlagState;
  flags: Page<ArenaFlag>;
}

const KIND_LABELS: Record<ArenaFlag['kind'], string> = {
  ip: 'One network address',
  device: 'One device',
  new_accounts: 'New accounts',
};
const TABS: FlagState[] = ['open', 'excluded', 'dismissed'];

/** The arena's review queue: vote clusters for one creator; exclude their votes (ratings replayed) or dismiss. */
export default function IntegrityReview({ state, flags }: PageProps<Props>) {
  const { running: busy, attempt } = useAttempt();

  const decide = async (flag: ArenaFlag, decision: 'exclude' | 'dismiss') => {
    await attempt(
      async () => {
        notify.success((await arenaAdminApi.decide(flag.id, decision)).message);
        router.reload({ only: ['flags'] });
      },
      undefined,
      `${flag.id}:${decision}`,
    );
  };

  return (
    <>
      <Head title="Arena vote review" />
      <h1 className="mb-1 text-headline text-ink">Arena vote review</h1>
      <p className="mb-4 text-sm text-ink-muted">
        Clusters of five or more voters who, within one hour, voted for the same creator from one network address, one
        device, or with accounts under a week old. Excluding drops their votes and replays every rating of the season
        from the vote log; each decision is recorded in the audit trail.
      </p>
      <nav className="mb-4 flex gap-2" aria-label="Flag state">
        {TABS.map((tab) => (
          <FilterLink key={tab} href={arenaPaths.flags(tab)} active={tab === state}>
            {tab[0].toUpperCase() + tab.slice(1)}
          </FilterLink>
        ))}
      </nav>
      <Card>
        <DividedList
          items={flags.data}
          empty={<EmptyState title="Nothing to review" description="No vote clusters in this list." />}
          data-testid="flags"
        >
          {(f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {KIND_LABELS[f.kind]} for {f.creator?.name ?? 'a creator'}
                </p>
                <p className="break-all text-xs text-ink-subtle">
                  {f.voters} voters · {f.votes} votes · {f.kind === 'new_accounts' ? 'accounts under 7 days' : f.key}
                  {f.window_start &&
                    ` · from ${new Date(f.window_start).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`}
                </p>
              </div>
              {f.state === 'open' && (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="danger"
                    loading={busy === `${f.id}:exclude`}
                    onClick={() => void decide(f, 'exclude')}
                  >
                    Exclude votes
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={busy === `${f.id}:dismiss`}
                    onClick={() => void decide(f, 'dismiss')}
                  >
                    Dismiss
                  </Button>
                </div>
              )}
            </li>
          )}
        </DividedList>
        <Pagination of={flags} hrefFor={(p) => arenaPaths.flags(state, p)} />
      </Card>
    </>
  );
}
