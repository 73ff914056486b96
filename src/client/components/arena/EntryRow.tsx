import type { ArenaEntry } from '@contracts/arena';
import type { ReactNode } from 'react';
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
