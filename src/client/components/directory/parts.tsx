import type { Industry, Offering, ServiceProvider } from '@contracts/directory';
import { router } from '@inertiajs/react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { directoryPaths, type DirectoryFilters } from '@/api/directory';
import { formatMoney } from '@/components/commerce/format';
import { Button, Input, LinkCard, Select } from '@/components/ui';
import { cn } from '@/lib/cn';

/** An offering's price, or "Quote on request". */
export function priceLabel(o: Pick<Offering, 'price'>): string {
  return o.price ? formatMoney(o.price) : 'Quote on request';
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  if (!verified) return null;
  return (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
      Licence verified
    </span>
  );
}

export function ProviderCard({ p }: { p: ServiceProvider }) {
  const place = p.city ? ` · ${p.city}` : '';
  const distance = p.distance_km !== null ? ` · ${p.distance_km} km away` : '';
  return (
    <LinkCard
      href={directoryPaths.provider(p.id)}
      title={p.name}
      badge={<VerifiedBadge verified={p.verified} />}
      description={p.headline}
      meta={`${p.industry.name}${place} · ${p.offerings_count} offerings${distance}`}
    >
      <Stars rating={p.rating} className="mt-1" />
    </LinkCard>
  );
}

/** The average stars and how many reviews (nothing before the first review). */
export function Stars({ rating, className }: { rating: ServiceProvider['rating']; className?: string }) {
  if (rating.average === null) return <p className={cn('text-xs text-ink-subtle', className)}>No reviews yet</p>;
  const full = Math.round(rating.average);
  return (
    <p className={cn('flex items-center gap-1 text-sm text-ink', className)}>
      <span aria-hidden="true" className="tracking-tight text-amber-500 dark:text-amber-400">
        {'★'.repeat(full)}
        <span className="text-line-strong">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="sr-only">Rated</span>
      <span className="font-medium">{rating.average.toFixed(1)}</span>
      <span className="text-xs text-ink-muted">
        ({rating.count} review{rating.count === 1 ? '' : 's'})
      </span>
    </p>
  );
}

const DISTANCES = ['10', '25', '50', '100', '250'];

/** Binds a control to one filter of the draft: its value and its onChange. */
export type FilterBinding<F> = (key: keyof F) => {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
};

/**
 * A search form over a draft of its filters: each control binds to one with `{...field('q')}` through
 * `children(field, draft)`; submitting visits `to(draft)`. Directory, offerings and OpenCreative filter bars are
 * this with their fields.
 */
export function FilterForm<F extends Record<keyof F, string>>({
  filters,
  to,
  className,
  children,
}: {
  filters: F;
  to: (f: F) => string;
  className: string;
  children: (field: FilterBinding<F>, draft: F) => ReactNode;
}) {
  const [draft, setDraft] = useState(filters);
  const field: FilterBinding<F> = (key) => ({
    value: draft[key],
    onChange: (e) => setDraft({ ...draft, [key]: e.target.value }),
  });
  return (
    <form
      role="search"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        router.visit(to(draft));
      }}
    >
      {children(field, draft)}
    </form>
  );
}

/** Words, industry, city, and a distance search (near a place, within N km); submitting visits `to(filters)`. */
export function DirectoryFilterBar({
  filters,
  industries,
  to,
}: {
  filters: DirectoryFilters;
  industries: Industry[];
  to: (f: DirectoryFilters) => string;
}) {
  return (
    <FilterForm
      filters={filters}
      to={to}
      className="mb-6 grid gap-2 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_9rem_10rem_7rem_auto]"
    >
      {(field, draft) => (
        <>
          <Input aria-label="Search" placeholder="Search by name or service" {...field('q')} />
          <Select
            aria-label="Industry"
            {...field('industry')}
            options={[
              { value: '', label: 'All industries' },
              ...industries.map((i) => ({ value: i.slug, label: i.name })),
            ]}
          />
          <Input aria-label="City" placeholder="City" {...field('city')} />
          <Input aria-label="Near a place" placeholder="Near (city or lat, lng)" {...field('near')} />
          <Select
            aria-label="Distance"
            {...field('within_km')}
            value={draft.within_km || '25'}
            options={DISTANCES.map((d) => ({ value: d, label: `within ${d} km` }))}
          />
          <Button type="submit">Search</Button>
        </>
      )}
    </FilterForm>
  );
}
