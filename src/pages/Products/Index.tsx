import { Head, router } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import type { Page } from '@contracts/common';
import type { CatalogueCategory, Product } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { toMinor } from '@/components/commerce/format';
import { ProductGrid } from '@/components/commerce/ProductCard';
import { Button, EmptyState, Input, Pagination, Select } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

interface Filters {
  q: string;
  department: string;
  category: string;
  min_price: number | null;
  max_price: number | null;
}

type Props = PageProps<{ products: Page<Product>; categories: CatalogueCategory[]; filters: Filters }>;

const TABS = [
  { value: '', label: 'All' },
  { value: 'ai', label: 'AI' },
  { value: 'real_estate', label: 'Real estate' },
];

/** Products: search, department tabs, category and price filters, paged. */
export default function ProductsIndex({ products, categories, filters }: Props) {
  const [q, setQ] = useState(filters.q);
  const [category, setCategory] = useState(filters.category);
  const [min, setMin] = useState(filters.min_price !== null ? String(filters.min_price / 100) : '');
  const [max, setMax] = useState(filters.max_price !== null ? String(filters.max_price / 100) : '');

  const query = (overrides: Partial<Record<string, string | number | null>> = {}) => {
    const values: Record<string, string | number | null> = {
      q,
      department: filters.department,
      category,
      min_price: min ? toMinor(min) : null,
      max_price: max ? toMinor(max) : null,
      ...overrides,
    };
    return Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined),
    ) as Record<string, string>;
  };
  const apply = (event?: FormEvent, overrides = {}) => {
    event?.preventDefault();
    router.get(commercePaths.products, query(overrides), { preserveState: true });
  };

  return (
    <>
      <Head title="Products" />
      <div className="space-y-5">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Products</h1>
        <div className="flex gap-1" role="tablist">
          {TABS.map((tab) => (
            <button
              key={tab.value}
              role="tab"
              aria-selected={filters.department === tab.value}
              onClick={() => apply(undefined, { department: tab.value, category: '' })}
              className={cn(
                'rounded-full px-3 py-1.5 text-sm',
                filters.department === tab.value
                  ? 'bg-brand-600 text-white'
                  : 'bg-white text-slate-700 dark:bg-slate-900 dark:text-slate-300',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <form onSubmit={apply} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_12rem_7rem_7rem_auto]">
          <Input placeholder="Search products" value={q} onChange={(e) => setQ(e.target.value)} aria-label="Search" />
          <Select
            aria-label="Category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            placeholder="All categories"
            options={categories
              .filter((c) => !filters.department || c.department === filters.department)
              .map((c) => ({ value: c.slug, label: c.label }))}
          />
          <Input
            inputMode="decimal"
            placeholder="Min $"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            aria-label="Minimum price"
          />
          <Input
            inputMode="decimal"
            placeholder="Max $"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            aria-label="Maximum price"
          />
          <Button type="submit">Filter</Button>
        </form>
        <p className="text-sm text-slate-500 dark:text-slate-400">{products.total} products</p>
        {products.data.length ? (
          <ProductGrid products={products.data} />
        ) : (
          <EmptyState title="No products match" description="Try another search or fewer filters." />
        )}
        <Pagination
          of={products}
          hrefFor={(page) => `${commercePaths.products}?${new URLSearchParams({ ...query(), page: String(page) })}`}
        />
      </div>
    </>
  );
}
