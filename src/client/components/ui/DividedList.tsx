import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DividedListProps<T> extends Omit<HTMLAttributes<HTMLUListElement>, 'children'> {
  items: readonly T[];
  /** Shown instead of the list when there are no items, usually an <EmptyState>. */
  empty: ReactNode;
  /** One keyed <li> per item (the index for a list whose items have no id of their own). */
  children: (item: T, index: number) => ReactNode;
}

/** A list divided by lines (`divide-y divide-line`), or its empty state when there is nothing in it. */
export function DividedList<T>({ items, empty, children, className, ...rest }: DividedListProps<T>) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className={cn('divide-y divide-line', className)} {...rest}>
      {items.map((item, index) => children(item, index))}
    </ul>
  );
}
