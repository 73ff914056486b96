import type { ReactNode } from 'react';
import { DividedList } from '@/components/ui';

/**
 * What a farm panel lists (linked open houses, gifts sent): the empty state when there is nothing, else one row a
 * thing with what it is on the left and its figure on the right.
 */
export function FarmRows<T extends { id: string }>({
  items,
  empty,
  what,
  figure,
}: {
  items: readonly T[];
  empty: ReactNode;
  what: (item: T) => ReactNode;
  figure: (item: T) => ReactNode;
}) {
  return (
    <DividedList items={items} empty={empty}>
      {(item) => (
        <li key={item.id} className="flex justify-between gap-3 px-4 py-2 text-sm">
          <span className="min-w-0 truncate text-ink">{what(item)}</span>
          <span className="text-ink-muted">{figure(item)}</span>
        </li>
      )}
    </DividedList>
  );
}
