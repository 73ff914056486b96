import type { WikiArticlePage, WikiCategory } from '@contracts/wiki';
import { Head, Link, router } from '@inertiajs/react';
import { type FormEvent, useState } from 'react';
import { WIKI_CATEGORY_LABELS, wikiPaths } from '@/api/wiki';
import { Button, ButtonLink, EmptyState, Input, Pagination, Select } from '@/components/ui';
import type { PageProps } from '@/types';

const CATEGORY_OPTIONS = [
  { value: '', label: 'All categories' },
  ...Object.entries(WIKI_CATEGORY_LABELS).map(([value, label]) => ({ value, label })),
];

/** WikiLuxury: articles A to Z, searched by the start of their title and filtered by category. */
export default function WikiIndex({
  articles,
  filters,
  can_edit,
}: PageProps<{
  articles: WikiArticlePage;
  filters: { q: string; category: WikiCategory | null };
  can_edit: boolean;
}>) {
  const [q, setQ] = useState(filters.q);
  const [category, setCategory] = useState<WikiCategory | ''>(filters.category ?? '');
  const search = (e: FormEvent) => {
    e.preventDefault();
    router.visit(wikiPaths.index({ q: q.trim(), category: category || null }), { preserveState: true });
  };
  return (
    <>
      <Head title="WikiLuxury" />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-headline font-semibold text-ink">WikiLuxury</h1>
          <p className="text-sm text-ink-muted">Luxury real-estate terms, brands, architects and neighbourhoods.</p>
        </div>
        {can_edit && <ButtonLink href={wikiPaths.create}>New article</ButtonLink>}
      </div>
      <form className="mt-4 flex flex-col gap-2 sm:flex-row" role="search" onSubmit={search}>
        <Input
          aria-label="Title starts with"
          placeholder="Title starts with…"
          value={q}
          maxLength={120}
          onChange={(e) => setQ(e.target.value)}
          className="sm:flex-1"
        />
        <Select
          aria-label="Category"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={(e) => setCategory(e.target.value as WikiCategory | '')}
        />
        <Button type="submit">Search</Button>
      </form>
      {articles.data.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="No articles found" description="Try the start of another title or all categories." />
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-card border border-line bg-surface shadow-card">
          {articles.data.map((a) => (
            <li key={a.id}>
              <Link
                href={wikiPaths.show(a.slug)}
                className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-surface-muted"
              >
                <span className="min-w-0 truncate font-medium text-ink">{a.title}</span>
                <span className="shrink-0 text-xs text-ink-subtle">
                  {WIKI_CATEGORY_LABELS[a.category]} · {a.revisions_count} rev.
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination
          of={articles}
          hrefFor={(page) => wikiPaths.index({ q: filters.q, category: filters.category, page })}
        />
      </div>
    </>
  );
}
