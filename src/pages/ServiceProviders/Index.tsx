import type { Industry, ServiceProviderPage } from '@contracts/directory';
import { Head, Link } from '@inertiajs/react';
import { directoryPaths, type DirectoryFilters } from '@/api/directory';
import { DirectoryFilterBar, ProviderCard } from '@/components/directory/parts';
import { EmptyState, Pagination } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';

/** The directory of service providers: search by words, industry and city; verified providers first. */
export default function ServiceProvidersIndex({
  providers,
  industries,
  filters,
}: PageProps<{ providers: ServiceProviderPage; industries: Industry[]; filters: DirectoryFilters }>) {
  const user = useAuthUser();
  return (
    <>
      <Head title="Service providers" />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-headline font-semibold text-ink">Service providers</h1>
          <p className="text-sm text-ink-muted">
            Stagers, photographers, inspectors, lenders and more.{' '}
            <Link href={directoryPaths.industries} className="text-accent-ink">
              By industry
            </Link>
          </p>
        </div>
        {user && (
          <Link href={directoryPaths.edit} className="text-sm font-medium text-accent-ink">
            List your business
          </Link>
        )}
      </div>
      <DirectoryFilterBar filters={filters} industries={industries} to={(f) => directoryPaths.providers(f)} />
      {providers.data.length === 0 ? (
        <EmptyState title="No providers match" description="Try fewer words or another city." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {providers.data.map((p) => (
            <ProviderCard key={p.id} p={p} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination of={providers} hrefFor={(page) => directoryPaths.providers(filters, page)} />
      </div>
    </>
  );
}
