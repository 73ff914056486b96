import { Link } from '@inertiajs/react';
import type { Product } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { formatMoney, humanize } from './format';

export function ProductCard({ product }: { product: Product }) {
  return (
    <Link
      href={commercePaths.product(product.slug)}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="aspect-[4/3] bg-gradient-to-br from-brand-100 to-brand-50 dark:from-brand-950 dark:to-slate-900">
        {product.image_url && (
          <img src={product.image_url} alt="" className="h-full w-full object-cover" loading="lazy" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {humanize(product.category)}
        </p>
        <h3 className="font-semibold text-slate-900 group-hover:text-brand-600 dark:text-white dark:group-hover:text-brand-300">
          {product.title}
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{product.summary}</p>
        <p className="mt-auto pt-2 text-sm font-semibold tabular-nums text-slate-900 dark:text-white">
          from {formatMoney(product.price_from)}
        </p>
      </div>
    </Link>
  );
}

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </div>
  );
}
