import { Button } from '@/components/ui';

/**
 * Under a `useKeysetList` list (a feed, a history, a talk page): what to say while it is empty, and the button that
 * loads the next older page while there is one.
 */
export function KeysetFooter({
  list,
  empty,
  older,
}: {
  list: { items: unknown[]; cursor: string | null; older: () => Promise<void> };
  empty: string;
  older: string;
}) {
  return (
    <>
      {list.items.length === 0 && <p className="text-sm text-ink-muted">{empty}</p>}
      {list.cursor && (
        <Button variant="secondary" onClick={() => void list.older()}>
          {older}
        </Button>
      )}
    </>
  );
}
