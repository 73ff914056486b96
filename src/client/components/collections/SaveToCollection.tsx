import { useEffect, useState } from 'react';
import { collectionPaths, collectionsApi, type CollectionSummary } from '@/api/collections';
import { Button, Card, Input, Select } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

const NEW = '__new__';

/** "Save to a collection" on a listing: pick one the user may add to, or name a new one. */
export function SaveToCollection({ propertyId }: { propertyId: string }) {
  const [collections, setCollections] = useState<CollectionSummary[] | null>(null);
  const [choice, setChoice] = useState(NEW);
  const [name, setName] = useState('');
  const { busy, attempt } = useAttempt();
  const [saved, setSaved] = useState<CollectionSummary | null>(null);

  useEffect(() => {
    collectionsApi.list(true).then(
      (page) => {
        setCollections(page.data);
        if (page.data[0]) setChoice(page.data[0].id);
      },
      () => setCollections([]),
    );
  }, []);

  const save = async () => {
    await attempt(async () => {
      const target =
        choice === NEW
          ? (await collectionsApi.create(name.trim() || 'My favourites')).collection
          : collections!.find((c) => c.id === choice)!;
      await collectionsApi.addItem(target.id, propertyId);
      setSaved(target);
      notify.success(`Saved to ${target.name}`);
    }, 'Could not save the listing');
  };

  return (
    <Card title="Save to a collection">
      {saved ? (
        <p role="status" className="text-sm text-ink">
          Saved to{' '}
          <a className="text-accent-ink underline" href={collectionPaths.show(saved.id)}>
            {saved.name}
          </a>
          .
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <Select
            aria-label="Collection"
            className="min-w-40 flex-1"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            options={[
              ...(collections ?? []).map((c) => ({ value: c.id, label: c.name })),
              { value: NEW, label: 'New collection…' },
            ]}
          />
          {choice === NEW && (
            <Input
              aria-label="New collection name"
              className="min-w-40 flex-1"
              placeholder="My favourites"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
          <Button onClick={save} loading={busy} disabled={collections === null}>
            Save
          </Button>
        </div>
      )}
    </Card>
  );
}
