import type { Industry, OfferingPage } from '@contracts/directory';
import { Head, Link } from '@inertiajs/react';
import { directoryPaths, type DirectoryFilters } from '@/api/directory';
import { DirectoryFilterBar, priceLabel, VerifiedBadge } from '@/components/directory/parts';
import { EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

/** Offerings across the directory: search by words, industry and city; newest first. */
export default function OfferingsIndex({
  offerings,
  industries,
  filters,
}: PageProps<{ offerings: OfferingPage; industries: Industry[]; filters: DirectoryFilters }>) {
  return (
    <>
      <Head title="Offerings" />
      <h1 className="text-headline font-semibold text-ink">Offerings</h1>
      <p className="mb-4 text-sm text-ink-muted">Services with a price, or a quote on request.</p>
      <DirectoryFilterBar filters={filters} industries={industries} to={(f) => directoryPaths.offerings(f)} />
      {offerings.data.length === 0 ? (
        <EmptyState title="No offerings match" description="Try fewer words or another industry." />
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {offerings.data.map((o) => (
            <li key={o.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-medium text-ink">{o.title}</h2>
                <span className="shrink-0 text-sm font-semibold text-ink">{priceLabel(o)}</span>
              </div>
              {o.description && <p className="mt-1 line-clamp-3 text-sm text-ink-muted">{o.description}</p>}
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-ink-subtle">
                <Link href={directoryPaths.provider(o.provider.id)} className="text-accent-ink">
                  {o.provider.name}
                </Link>
                <span>
                  {o.provider.industry}
                  {o.provider.city ? ` · ${o.provider.city}` : ''}
                </span>
                <VerifiedBadge verified={o.provider.verified} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination of={offerings} hrefFor={(page) => directoryPaths.offerings(filters, page)} />
      </div>
    </>
  );
}
