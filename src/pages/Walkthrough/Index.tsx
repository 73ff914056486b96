import { Head, Link, useForm } from '@inertiajs/react';
import { Button, Card, EmptyState, Input, Pagination, Select } from '@/components/ui';
import type { VideoListSummary, Walkthrough } from '@contracts/video';
import type { Page } from '@contracts/common';
import type { PageProps } from '@/types';

type Props = PageProps<{
  walkthroughs: Page<Walkthrough>;
  lists: VideoListSummary[];
  listings?: Array<{ id: string; name: string }>;
}>;

/** The realtor's walkthroughs and video lists, with "new walkthrough". */
export default function WalkthroughIndex({ walkthroughs, lists, listings = [] }: Props) {
  const form = useForm({ title: '', listing_id: '' });
  return (
    <>
      <Head title="Walkthroughs" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
        <h1 className="text-2xl font-semibold">Walkthroughs</h1>
        <Card title="New walkthrough">
          <form
            className="flex flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              form.transform((data) => ({ ...data, listing_id: data.listing_id || null }));
              form.post('/walkthroughs');
            }}
          >
            <Input
              aria-label="Title"
              placeholder="e.g. 12 Oak Street tour"
              value={form.data.title}
              onChange={(e) => form.setData('title', e.target.value)}
              maxLength={160}
            />
            <Select
              aria-label="Listing"
              className="sm:max-w-64"
              value={form.data.listing_id}
              onChange={(e) => form.setData('listing_id', e.target.value)}
              placeholder={listings.length ? 'For which listing?' : 'No listings yet'}
              options={listings.map((l) => ({ value: l.id, label: l.name }))}
            />
            <Button type="submit" loading={form.processing}>
              Create
            </Button>
          </form>
        </Card>
        {walkthroughs.data.length === 0 ? (
          <EmptyState
            title="No walkthroughs yet"
            description="Create one, add videos and publish it with your listing."
          />
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-slate-200 bg-surface dark:border-slate-800">
            {walkthroughs.data.map((w) => (
              <li key={w.id} className="flex items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{w.title || 'Untitled walkthrough'}</p>
                  <p className="text-xs text-slate-500">{w.published ? 'Published' : 'Draft'}</p>
                </div>
                <Link
                  href={`/walkthroughs/${w.slug}/edit`}
                  className="text-sm text-brand-700 underline dark:text-brand-300"
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination of={walkthroughs} hrefFor={(p) => `/walkthroughs?page=${p}`} />
        {lists.length > 0 && (
          <Card title="Video lists">
            <ul className="space-y-1 text-sm">
              {lists.map((l) => (
                <li key={l.id}>
                  <Link href={`/video-lists/${l.id}`} className="text-brand-700 underline dark:text-brand-300">
                    {l.name}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  );
}
