import { Head, Link } from '@inertiajs/react';
import { useEffect, useRef, useState } from 'react';
import { PropertyCard } from '@/components/property/PropertyCard';
import { DashboardSearch, PublishTabs } from '@/components/property/DashboardControls';
import type { PublishFilter } from '@/components/property/rules';
import { propertyPaths } from '@/api/properties';
import { Alert, Button, ButtonLink, EmptyState, Spinner } from '@/components/ui';
import { ScopeToggle, type ListScope } from '@/components/teams/ScopeToggle';
import { useDebounced } from '@/hooks/useDebounced';
import { useListingsDashboard } from '@/hooks/useListingsDashboard';
import { marketPaths } from '@/api/market';

interface Props {
  filters: { publish: PublishFilter; search: string; sort: string; scope?: ListScope };
  sorts: string[];
}

/** Listings dashboard with incremental paging: "Load more" and loading on scroll. */
export default function ListingsDashboard({ filters, sorts }: Props) {
  const [publish, setPublish] = useState<PublishFilter>(filters.publish);
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebounced(search);
  const [sort, setSort] = useState(filters.sort);
  const [scope, setScope] = useState<ListScope>(filters.scope ?? 'mine');
  const { listings, total, loading, loadingMore, error, hasMore, loadMore } = useListingsDashboard({
    publish,
    search: debounced,
    sort,
    count: 12,
    scope,
  });
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <Head title="Listings" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          Listings <span className="text-base font-normal text-slate-500">({total})</span>
        </h1>
        <ScopeToggle value={scope} onChange={setScope} />
        <div className="flex gap-2">
          <Link
            href={propertyPaths.dashboard}
            className="self-center text-sm text-brand-600 hover:underline dark:text-brand-300"
          >
            Realtor dashboard
          </Link>
          <ButtonLink href={propertyPaths.create}>New property</ButtonLink>
        </div>
      </div>
      <PublishTabs value={publish} onChange={setPublish} />
      <DashboardSearch
        label="Search listings"
        placeholder="Search listings"
        search={search}
        onSearch={setSearch}
        sort={sort}
        sorts={sorts}
        onSort={setSort}
      />
      {error && <Alert variant="error">{error}</Alert>}
      {loading ? (
        <Spinner label="Loading listings" />
      ) : listings.length === 0 ? (
        <EmptyState
          title="No listings yet"
          description="Every property you create has a listing; publish it to show it on the market map."
          action={
            <Link href={marketPaths.search} className="text-brand-600 hover:underline">
              Browse the market
            </Link>
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="listings">
          {listings.map((l) => (
            <PropertyCard
              key={l.id}
              property={l.property}
              href={
                l.property.publish_state === 'published' ? `/listing/${l.id}` : `/properties/${l.property.slug}/edit`
              }
              extra={
                l.open_houses.length > 0 ? (
                  <p className="text-xs text-emerald-700 dark:text-emerald-300">
                    {l.open_houses.length} open house(s) coming up
                  </p>
                ) : null
              }
              actions={
                <>
                  <Link
                    className="text-sm text-brand-600 hover:underline dark:text-brand-300"
                    href={propertyPaths.edit(l.property.slug)}
                  >
                    Edit
                  </Link>
                  <Link
                    className="text-sm text-brand-600 hover:underline dark:text-brand-300"
                    href={propertyPaths.openHouses(l.id)}
                  >
                    Open houses
                  </Link>
                </>
              }
            />
          ))}
        </div>
      )}
      <div ref={sentinel} />
      {hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} loading={loadingMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
