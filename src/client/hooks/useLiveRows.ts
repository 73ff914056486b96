import { useCallback, useState } from 'react';
import { useChannel, type ChannelKind } from '@/echo';

/**
 * Rows a server page sent, kept current by an event that carries a whole row (a job's progress): `current(row)` is
 * the latest version pushed for that row's id, else the row as the page sent it.
 */
export function useLiveRows<Row extends { id: string }, E>(
  channel: string,
  kind: ChannelKind,
  event: string,
  rowOf: (e: E) => Row,
): (row: Row) => Row {
  const [live, setLive] = useState<Record<string, Row>>({});
  useChannel(channel, kind, {
    [event]: (e: E) => {
      const row = rowOf(e);
      setLive((rows) => ({ ...rows, [row.id]: row }));
    },
  });
  return useCallback((row: Row) => live[row.id] ?? row, [live]);
}
