import type { Page } from '@contracts/common';
import type { ReactNode } from 'react';
import { EmptyState, Pagination } from '@/components/ui';

/**
 * The index page of a kind of group (societies, channels): the public ones to browse, paged, and beside them what
 * the reader has (`invitations`, their own groups: `mine`, null for guests) and the card to start one (`start`).
 */
export function GroupDirectory<T extends { id: string }>({
  title,
  intro,
  browseTitle,
  empty,
  groups,
  pageHref,
  card,
  invitations,
  mine,
  mineEmpty,
  start,
}: {
  title: string;
  intro: string;
  browseTitle: string;
  /** What an empty directory says, e.g. "No channels yet". */
  empty: string;
  groups: Page<T>;
  pageHref: (page: number) => string;
  card: (group: T) => ReactNode;
  invitations?: ReactNode;
  mine: Page<T> | null;
  /** What "Yours" says when the reader belongs to none. */
  mineEmpty: string;
  start: ReactNode;
}) {
  return (
    <>
      <h1 className="text-headline font-semibold text-ink">{title}</h1>
      <p className="mb-6 text-sm text-ink-muted">{intro}</p>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="browse">
          <h2 id="browse" className="mb-3 text-title font-semibold text-ink">
            {browseTitle}
          </h2>
          {groups.data.length === 0 ? (
            <EmptyState title={empty} description="Start the first one." />
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">{groups.data.map(card)}</ul>
          )}
          <div className="mt-4">
            <Pagination of={groups} hrefFor={pageHref} />
          </div>
        </section>
        <aside className="min-w-0 space-y-6">
          {invitations}
          {mine && <MyGroups mine={mine} empty={mineEmpty} card={card} />}
          {start}
        </aside>
      </div>
    </>
  );
}

/** "Yours": the groups the reader belongs to, in the directory's aside. */
function MyGroups<T extends { id: string }>({
  mine,
  empty,
  card,
}: {
  mine: Page<T>;
  empty: string;
  card: (group: T) => ReactNode;
}) {
  return (
    <section aria-labelledby="mine">
      <h2 id="mine" className="mb-3 text-title font-semibold text-ink">
        Yours
      </h2>
      {mine.data.length ? (
        <ul className="space-y-3">{mine.data.map(card)}</ul>
      ) : (
        <p className="text-sm text-ink-muted">{empty}</p>
      )}
    </section>
  );
}
