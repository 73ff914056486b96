import { Head } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { VaultItem } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { ButtonLink, Card, EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ items: Page<VaultItem> }>;

/** Digital purchases: every entitlement (files, boosts, placements), including refunded ones. */
export default function DigitalPurchases({ items }: Props) {
  return (
    <>
      <Head title="Digital purchases" />
      <div className="mx-auto max-w-4xl">
        <OrdersHeader title="Digital purchases" />
        {items.data.length ? (
          <Card padded={false}>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.data.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{i.title}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      Order {i.order_number} · {new Date(i.created_at).toLocaleDateString()}
                      {i.revoked && ' · refunded'}
                    </p>
                  </div>
                  {i.downloadable && !i.revoked && (
                    <ButtonLink href={commercePaths.vault} size="sm" variant="secondary">
                      In your vault
                    </ButtonLink>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        ) : (
          <EmptyState title="No digital purchases yet" />
        )}
        <Pagination of={items} hrefFor={(p) => `${commercePaths.digital}?page=${p}`} />
      </div>
    </>
  );
}
