import { Head } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { VaultItem } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { OrderRows } from '@/components/commerce/OrderRows';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { ButtonLink, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ items: Page<VaultItem> }>;

/** Digital purchases: every entitlement (files, boosts, placements), including refunded ones. */
export default function DigitalPurchases({ items }: Props) {
  return (
    <>
      <Head title="Digital purchases" />
      <div className="mx-auto max-w-4xl">
        <OrdersHeader title="Digital purchases" />
        <OrderRows
          page={items}
          hrefFor={(p) => `${commercePaths.digital}?page=${p}`}
          empty={<EmptyState title="No digital purchases yet" />}
          row={(i) => ({
            title: i.title,
            detail: (
              <>
                Order {i.order_number} · {new Date(i.created_at).toLocaleDateString()}
                {i.revoked && ' · refunded'}
              </>
            ),
            action: i.downloadable && !i.revoked && (
              <ButtonLink href={commercePaths.vault} size="sm" variant="secondary">
                In your vault
              </ButtonLink>
            ),
          })}
        />
      </div>
    </>
  );
}
