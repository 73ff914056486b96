import type { ReactNode } from 'react';
import { BackLink, Button } from '@/components/ui';
import { actThenReload } from '@/lib/actions';

/** A membership button: its label, the call, and what a failure says when the server does not. */
export interface GroupAction {
  label: string;
  call: () => Promise<unknown>;
  failure: string;
}

/**
 * The top of a group's page (a channel, a society): the link back to the directory, the group's name, description
 * and a line of facts, and beside them the reader's join and leave buttons (each only when it applies).
 */
export function GroupHeader({
  back,
  backLabel,
  group,
  facts,
  join,
  leave,
}: {
  back: string;
  /** The directory's name, e.g. "Channels". */
  backLabel: string;
  group: { name: string; description: string };
  facts: ReactNode;
  join: GroupAction | null;
  leave: GroupAction | null;
}) {
  return (
    <>
      <BackLink href={back}>{backLabel}</BackLink>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-headline font-semibold text-ink">{group.name}</h1>
          <p className="text-sm text-ink-muted">{group.description}</p>
          <p className="mt-1 text-xs text-ink-subtle">{facts}</p>
        </div>
        {join && <Button onClick={() => void actThenReload(join.call, join.failure)}>{join.label}</Button>}
        {leave && (
          <Button variant="secondary" onClick={() => void actThenReload(leave.call, leave.failure)}>
            {leave.label}
          </Button>
        )}
      </div>
    </>
  );
}
