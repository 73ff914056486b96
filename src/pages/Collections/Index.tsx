import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { collectionPaths, collectionsApi, type CollectionSummary } from '@/api/collections';
import type { Page } from '@contracts/common';
import { Button, Card, EmptyState, Input, Pagination } from '@/components/ui';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  collections: Page<CollectionSummary>;
}

const ACCESS_LABEL: Record<CollectionSummary['access'], string> = {
  owner: 'Yours',
  edit: 'Shared with you (can edit)',
  view: 'Shared with you',
  link: 'Shared link',
};

/** Collections/Index: the user's collections and those shared with them; a new one by name. */
export default function CollectionsIndex({ collections }: Props) {
  const [name, setName] = useState('');
  const { busy, attempt } = useAttempt();
  const create = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    await attempt(async () => {
      const { collection } = await collectionsApi.create(name);
      router.visit(collectionPaths.show(collection.id));
    }, 'Could not create the collection');
  };
  return (
    <>
      <Head title="Collections" />
      <div className="mx-auto max-w-3xl space-y-4">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-headline text-ink">Collections</h1>
          <form onSubmit={create} className="flex w-full gap-2 sm:w-auto">
            <Input
              aria-label="New collection name"
              placeholder="New collection"
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="flex-1"
            />
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              Create
            </Button>
          </form>
        </header>
        {collections.data.length === 0 ? (
          <EmptyState
            title="No collections yet"
            description="Save listings you like from their page into a collection, then share it with a partner or your realtor."
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {collections.data.map((c) => (
              <li key={c.id}>
                <Link href={collectionPaths.show(c.id)} className="block">
                  <Card className="h-full transition-shadow hover:shadow-raised">
                    <p className="text-title text-ink">{c.name}</p>
                    <p className="mt-1 text-sm text-ink-muted">
                      {c.items_count} {c.items_count === 1 ? 'listing' : 'listings'} · {ACCESS_LABEL[c.access]}
                      {c.access !== 'owner' && ` by ${c.owner.name}`}
                    </p>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination of={collections} hrefFor={(p) => collectionPaths.index(p)} />
      </div>
    </>
  );
}
