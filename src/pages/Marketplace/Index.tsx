import { Head, Link } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { CatalogueCategory, Product } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { ProductGrid } from '@/components/commerce/ProductCard';
import { ButtonLink, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ products: Page<Product>; categories: CatalogueCategory[] }>;

/** The marketplace front: departments, categories and the newest products. */
export default function MarketplaceIndex({ products, categories }: Props) {
  const departments = [
    { key: 'ai', title: 'AI products', text: 'Image credit packs and design style packs.' },
    {
      key: 'real_estate',
      title: 'Real-estate products',
      text: 'Listing boosts, printed flyers and guides.',
    },
  ] as const;
  return (
    <>
      <Head title="Marketplace" />
      <div className="space-y-8">
        <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-6 text-white sm:p-10">
          <h1 className="text-2xl font-bold sm:text-3xl">Marketplace</h1>
          <p className="mt-2 max-w-xl text-brand-100">Everything that helps a listing sell, sold by Reelty.</p>
          <div className="mt-4">
            <ButtonLink href={commercePaths.products} variant="secondary">
              Browse all products
            </ButtonLink>
          </div>
        </section>
        <section className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {departments.map((d) => (
            <div
              key={d.key}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="font-semibold text-slate-900 dark:text-white">{d.title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{d.text}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {categories
                  .filter((c) => c.department === d.key)
                  .map((c) => (
                    <Link
                      key={c.slug}
                      href={`${commercePaths.products}?category=${c.slug}`}
                      className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700 hover:bg-brand-100 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-brand-900"
                    >
                      {c.label}
                    </Link>
                  ))}
              </div>
            </div>
          ))}
        </section>
        <section>
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">New in the marketplace</h2>
          {products.data.length ? (
            <ProductGrid products={products.data} />
          ) : (
            <EmptyState title="Nothing for sale yet" description="Products appear here once they are published." />
          )}
        </section>
      </div>
    </>
  );
}
