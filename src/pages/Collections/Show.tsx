import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { collectionPaths, collectionsApi, type CollectionDetail, type CollectionItem } from '@/api/collections';
import { CollectionSharing } from '@/components/collections/CollectionSharing';
import { Button, Card, EmptyState, Pagination, TextArea } from '@/components/ui';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  collection: CollectionDetail;
}

function price(amount: string | null, currency: string): string {
  if (amount === null) return 'Price on request';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      Number(amount),
    );
  } catch {
    return `${currency} ${amount}`;
  }
}

/** Collections/Show: the saved listings with comments; the owner's sharing panel; read-only through a link. */
export default function CollectionsShow({ collection }: Props) {
  const c = collection;
  return (
    <>
      <Head title={c.name} />
      <div className="mx-auto max-w-3xl space-y-4">
        <header>
          <p className="text-eyebrow text-accent-ink">Collection</p>
          <h1 className="mt-1 text-headline text-ink">{c.name}</h1>
          <p className="text-sm text-ink-muted">
            {c.items_count} {c.items_count === 1 ? 'listing' : 'listings'} · by {c.owner.name}
          </p>
        </header>
        {c.access === 'owner' && <CollectionSharing collection={c} />}
        {c.items.data.length === 0 ? (
          <EmptyState title="Nothing saved yet" description="Open a listing and choose “Save to a collection”." />
        ) : (
          c.items.data.map((item) => <ItemCard key={item.id} collection={c} item={item} />)
        )}
        <Pagination of={c.items} hrefFor={(p) => collectionPaths.show(c.id, p)} />
      </div>
    </>
  );
}

function ItemCard({ collection, item }: { collection: CollectionDetail; item: CollectionItem }) {
  const [text, setText] = useState('');
  const { busy, attempt } = useAttempt();
  const canComment = collection.access !== 'link';
  const canEdit = collection.access === 'owner' || collection.access === 'edit';
  const run = async (call: () => Promise<unknown>) =>
    (await attempt(async () => {
      await call();
      router.reload({ only: ['collection'] });
      return true;
    }, 'Could not save')) ?? false;
  const p = item.property;
  return (
    <Card
      title={
        <Link href={collectionPaths.property(p.slug)} className="text-ink hover:text-accent-ink">
          {p.name}
        </Link>
      }
      description={`${p.city ?? ''}${p.city ? ' · ' : ''}${price(p.price, p.currency)} · ${p.status.replace(/_/g, ' ')}`}
      actions={
        canEdit && (
          <Button
            size="sm"
            variant="ghost"
            loading={busy}
            onClick={() => run(() => collectionsApi.removeItem(collection.id, item.id))}
          >
            Remove
          </Button>
        )
      }
    >
      {canComment && (
        <div className="space-y-2 text-sm">
          {item.comments.map((cm) => (
            <p key={cm.id} className="whitespace-pre-line text-ink">
              <span className="font-medium">{cm.author.name}:</span> {cm.body}
            </p>
          ))}
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => collectionsApi.comment(collection.id, item.id, text)).then((ok) => ok && setText(''));
            }}
          >
            <TextArea
              aria-label={`Comment on ${p.name}`}
              rows={1}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Add a comment"
              className="flex-1"
            />
            <Button type="submit" size="sm" variant="secondary" loading={busy} disabled={!text.trim()}>
              Comment
            </Button>
          </form>
        </div>
      )}
    </Card>
  );
}
