import { Link, usePage } from '@inertiajs/react';
import { commercePaths } from '@/api/commerce';
import { cn } from '@/lib/cn';

const TABS = [
  { label: 'Orders', href: commercePaths.orders },
  { label: 'Returns', href: commercePaths.returns },
  { label: 'Digital purchases', href: commercePaths.digital },
  { label: 'Vault', href: commercePaths.vault },
];

/** The buyer's order screens, one tab row (scrolls sideways at 360 px). */
export function OrdersTabs() {
  const { url } = usePage();
  const path = url.split('?')[0];
  return (
    <nav className="-mx-4 mb-6 flex gap-1 overflow-x-auto px-4" aria-label="Orders">
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          className={cn(
            'whitespace-nowrap rounded-full px-3 py-1.5 text-sm',
            path === tab.href
              ? 'bg-brand-600 text-white'
              : 'bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** The heading of a buyer's order screen over the tab row. */
export function OrdersHeader({ title }: { title: string }) {
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <OrdersTabs />
    </>
  );
}
