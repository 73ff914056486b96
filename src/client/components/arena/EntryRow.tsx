import type { ArenaEntry } from '@contracts/arena';
import type { ReactNode } from 'react';
import { Card, EmptyState } from '@/components/ui';
import { EntryThumb } from './index';

/** One of the user's entries in a list: thumbnail, title, a detail line under it, and what sits at the end. */
export function EntryRow({ entry, detail, end }: { entry: ArenaEntry; detail: ReactNode; end: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <div className="w-14 shrink-0">
        <EntryThumb entry={entry} />
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink">{entry.title}</p>
        {detail}
      </div>
      {end}
    </li>
  );
}

/** The "Your entries" card (lobby, queue): each entry's row with its `detail` and `end`, or `empty` words. */
export function YourEntries({
  entries,
  empty,
  detail,
  end,
}: {
  entries: ArenaEntry[];
  empty: { title: string; description: string };
  detail: (entry: ArenaEntry) => ReactNode;
  end: (entry: ArenaEntry) => ReactNode;
}) {
  return (
    <Card title="Your entries">
      {entries.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        <ul className="space-y-2">
          {entries.map((e) => (
            <EntryRow key={e.id} entry={e} detail={detail(e)} end={end(e)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
