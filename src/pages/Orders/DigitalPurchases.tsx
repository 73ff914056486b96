import { Head, Link } from '@inertiajs/react';
import type { ListingBoost } from '@contracts/boosts';
import type { Page } from '@contracts/common';
import type { VaultItem } from '@contracts/commerce';
import { propertyPaths } from '@/api/properties';
import { formatMoney } from '@/components/commerce/format';
import { commercePaths } from '@/api/commerce';
import { OrderRows } from '@/components/commerce/OrderRows';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { ButtonLink, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ items: Page<VaultItem>; boosts: Page<ListingBoost> }>;

const BOOST_TONE: Record<ListingBoost['state'], string> = {
  running: 'text-emerald-700 dark:text-emerald-300',
  scheduled: 'text-ink-muted',
  expired: 'text-ink-subtle',
  unpublished: 'text-amber-700 dark:text-amber-300',
  refunded: 'text-ink-subtle',
};

/** Digital purchases: every entitlement (files, style packs, services), then listing boosts with their state. */
export default function DigitalPurchases({ items, boosts }: Props) {
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
        <h2 className="mb-2 mt-8 text-title font-semibold text-ink">Listing boosts</h2>
        <OrderRows
          page={boosts}
          hrefFor={commercePaths.boostsPage}
          rowTestId="boost-row"
          empty={<EmptyState title="No listing boosts yet" description="Boost a listing from the marketplace." />}
          row={(b) => ({
            title: b.listing ? (
              <Link href={propertyPaths.show(b.listing.slug)}>{b.listing.name}</Link>
            ) : (
              'A deleted listing'
            ),
            detail: (
              <>
                Order {b.order_number} · {formatMoney(b.paid)} · {new Date(b.starts_at).toLocaleDateString()} to{' '}
                {new Date(b.ends_at).toLocaleDateString()}
              </>
            ),
            action: <span className={`text-sm ${BOOST_TONE[b.state]}`}>{b.state_label}</span>,
          })}
        />
      </div>
    </>
  );
}
