import { Head, Link } from '@inertiajs/react';
import { useCallback, useEffect, useState } from 'react';
import { PropertyCard } from '@/components/property/PropertyCard';
import { propertiesApi, propertyPaths, type RealtorDashboard } from '@/api/properties';
import { DashboardSearch, PublishTabs } from '@/components/property/DashboardControls';
import { dashboardQuery, type PublishFilter } from '@/components/property/rules';
import { ScopeToggle, type ListScope } from '@/components/teams/ScopeToggle';
import { ButtonLink, EmptyState, Pagination, Select, Spinner } from '@/components/ui';
import { useDebounced } from '@/hooks/useDebounced';
import { useNewestRequest } from '@/hooks/useNewestRequest';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

interface Props {
  filters: { publish: PublishFilter; search: string; sort: string; scope?: ListScope };
  sorts: string[];
}

type Answer = RealtorDashboard;

/** Realtor dashboard: drafts, published, archived; search, sort, count. */
export default function PropertyDashboard({ filters, sorts }: Props) {
  const [publish, setPublish] = useState<PublishFilter>(filters.publish);
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebounced(search);
  const [sort, setSort] = useState(filters.sort);
  const [scope, setScope] = useState<ListScope>(filters.scope ?? 'mine');
  const [count, setCount] = useState(12);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loading, setLoading] = useState(true);

  const requests = useNewestRequest();

  const load = useCallback(async () => {
    const newest = requests.start();
    setLoading(true);
    try {
      const next = await propertiesApi.realtorDashboard(
        dashboardQuery({ publish, search: debounced, sort, count, page, scope }),
      );
      if (newest()) setAnswer(next);
    } catch (e) {
      if (newest()) notify.error(errorMessage(e, 'Failed to fetch properties'));
    } finally {
      if (newest()) setLoading(false);
    }
  }, [publish, debounced, sort, count, page, scope, requests]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <Head title="My properties" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {scope === 'team' ? 'Team properties' : 'My properties'}
        </h1>
        <ScopeToggle
          value={scope}
          onChange={(next) => {
            setScope(next);
            setPage(1);
          }}
        />
        <ButtonLink href={propertyPaths.create} data-testid="new-property">
          New property
        </ButtonLink>
      </div>
      <PublishTabs
        value={publish}
        counts={answer?.counts ?? {}}
        onChange={(next) => {
          setPublish(next);
          setPage(1);
        }}
      />
      <DashboardSearch
        label="Search properties"
        placeholder="Search by name, address or city"
        search={search}
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
        }}
        sort={sort}
        sorts={sorts}
        onSort={setSort}
      >
        <Select
          aria-label="Per page"
          value={String(count)}
          onChange={(e) => {
            setCount(Number(e.target.value));
            setPage(1);
          }}
          options={[12, 24, 48].map((n) => ({ value: String(n), label: `${n} per page` }))}
        />
      </DashboardSearch>
      {loading && !answer ? (
        <Spinner label="Loading properties" />
      ) : answer && answer.properties.data.length === 0 ? (
        <EmptyState
          title="No properties here yet"
          description="Create a property, add photos and publish it to the market."
          action={<ButtonLink href={propertyPaths.create}>New property</ButtonLink>}
        />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {answer?.properties.data.map((p) => (
            <PropertyCard
              key={p.id}
              property={p}
              href={propertyPaths.edit(p.slug)}
              actions={
                <>
                  <Link
                    className="text-sm text-brand-600 hover:underline dark:text-brand-300"
                    href={propertyPaths.edit(p.slug)}
                  >
                    Edit
                  </Link>
                  {p.publish_state === 'published' && (
                    <Link
                      className="text-sm text-brand-600 hover:underline dark:text-brand-300"
                      href={propertyPaths.show(p.slug)}
                    >
                      View
                    </Link>
                  )}
                </>
              }
            />
          ))}
        </div>
      )}
      {answer && <Pagination of={answer.properties} onPageChange={setPage} />}
    </div>
  );
}
