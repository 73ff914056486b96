import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

interface KeysetAnswer<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * A newest-first list paged by keyset (society feeds, channel history): the first page from props, `older()` to
 * append the next one, `prepend(item)` for something new (written here or arrived live), `drop(id)` to remove one.
 */
export function useKeysetList<T extends { id: string }>(
  first: KeysetAnswer<T>,
  load: (cursor: string) => Promise<KeysetAnswer<T>>,
  failure: string,
) {
  const [items, setItems] = useState<T[]>(first.data);
  const [cursor, setCursor] = useState(first.next_cursor);
  const older = async () => {
    if (!cursor) return;
    try {
      const next = await load(cursor);
      setItems((list) => [...list, ...next.data]);
      setCursor(next.next_cursor);
    } catch (e) {
      notify.error(errorMessage(e, failure));
    }
  };
  const prepend = useCallback(
    (item: T) => setItems((list) => (list.some((x) => x.id === item.id) ? list : [item, ...list])),
    [],
  );
  const drop = useCallback((id: string) => setItems((list) => list.filter((x) => x.id !== id)), []);
  return { items, cursor, older, prepend, drop };
}
