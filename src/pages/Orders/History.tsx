import { Head, Link } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { Order } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { formatMoney } from '@/components/commerce/format';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { StatusBadge } from '@/components/commerce/StatusBadge';
import { ButtonLink, Card, EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ orders: Page<Order> }>;

/** Orders history: every order with its four states, tracking and a way to support. */
export default function OrdersHistory({ orders }: Props) {
  return (
    <>
      <Head title="Orders" />
      <div className="mx-auto max-w-4xl">
        <OrdersHeader title="Your orders" />
        {!orders.data.length ? (
          <EmptyState
            title="No orders yet"
            action={<ButtonLink href={commercePaths.marketplace}>Open the marketplace</ButtonLink>}
          />
        ) : (
          <div className="space-y-3">
            {orders.data.map((order) => (
              <Card key={order.id} data-testid="order-card">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900 dark:text-white">Order {order.number}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {new Date(order.created_at).toLocaleString()}
                    </p>
                  </div>
                  <p className="font-semibold tabular-nums">{formatMoney(order.total)}</p>
                </div>
                <div className="mt-2 flex flex-wrap gap-1">
                  <StatusBadge axis="order" value={order.status} />
                  <StatusBadge axis="payment" value={order.payment_status} />
                  {order.requires_shipping && <StatusBadge axis="fulfilment" value={order.fulfilment_status} />}
                  <StatusBadge axis="return" value={order.return_status} />
                </div>
                <ul className="mt-3 space-y-1 text-sm text-slate-600 dark:text-slate-300">
                  {order.lines.map((l) => (
                    <li key={l.id}>
                      {l.quantity} × {l.title}
                    </li>
                  ))}
                </ul>
                {order.tracking && (
                  <p className="mt-2 text-sm">
                    Shipped with {order.tracking.carrier}: <span className="font-mono">{order.tracking.number}</span>
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-3 text-sm">
                  <Link
                    href={commercePaths.support(order.id)}
                    className="text-brand-600 hover:underline dark:text-brand-300"
                  >
                    Ask about this order
                  </Link>
                  {(order.payment_status === 'paid' || order.payment_status === 'partially_refunded') &&
                    !order.return_status && (
                      <Link
                        href={`${commercePaths.returns}?order=${order.id}`}
                        className="text-brand-600 hover:underline dark:text-brand-300"
                      >
                        Return
                      </Link>
                    )}
                </div>
              </Card>
            ))}
            <Pagination of={orders} hrefFor={(p) => `${commercePaths.orders}?page=${p}`} />
          </div>
        )}
      </div>
    </>
  );
}
