import { Head, router } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { AdminOrder } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { formatMoney } from '@/components/commerce/format';
import { Button, Card, EmptyState, Pagination, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

type Props = PageProps<{ orders: Page<AdminOrder> }>;

/** Admin queue of paid orders with printed goods waiting to ship, oldest payment first. */
export default function OrdersUnfulfilled({ orders }: Props) {
  return (
    <>
      <Head title="Unfulfilled orders" />
      <div className="mx-auto max-w-4xl space-y-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Unfulfilled</h1>
        {orders.data.length ? (
          orders.data.map((o) => <ShipCard key={o.id} order={o} />)
        ) : (
          <EmptyState title="Nothing waiting to ship" />
        )}
        <Pagination of={orders} hrefFor={(p) => `${commercePaths.unfulfilled}?page=${p}`} />
      </div>
    </>
  );
}

function ShipCard({ order }: { order: AdminOrder }) {
  const form = useApiForm(
    { carrier: 'USPS', tracking_number: '' },
    { successMessage: `Order ${order.number} marked as shipped`, onSuccess: () => router.reload() },
  );
  const address = order.shipping_address;
  return (
    <Card
      title={`Order ${order.number}`}
      description={`${order.email} · paid ${order.paid_at ? new Date(order.paid_at).toLocaleString() : ''}`}
      data-testid="unfulfilled-order"
    >
      <ul className="text-sm">
        {order.lines
          .filter((l) => l.kind === 'physical')
          .map((l) => (
            <li key={l.id}>
              {l.quantity} × {l.title} ({formatMoney(l.total)})
            </li>
          ))}
      </ul>
      {address && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {address.name}, {address.line1}
          {address.line2 ? `, ${address.line2}` : ''}, {address.city} {address.state} {address.zip},{' '}
          {address.country_code}
        </p>
      )}
      <form
        className="mt-3 grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
        onSubmit={form.handleSubmit((v) => commerceApi.fulfil(order.id, v.carrier, v.tracking_number))}
      >
        <TextField label="Carrier" {...form.field('carrier')} />
        <TextField label="Tracking number" {...form.field('tracking_number')} />
        <Button type="submit" loading={form.processing}>
          Mark shipped
        </Button>
      </form>
    </Card>
  );
}
