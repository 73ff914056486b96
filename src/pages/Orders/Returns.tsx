import { Head, router } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { Order, OrderReturn } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { OrderRows } from '@/components/commerce/OrderRows';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { StatusBadge } from '@/components/commerce/StatusBadge';
import { Button, Card, EmptyState, SelectField, TextAreaField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

type Props = PageProps<{ returns: Page<OrderReturn>; orders: Page<Order> }>;

/** Returns: ask for one with a reason, then follow it (requested → approved → received → refunded). */
export default function OrdersReturns({ returns, orders }: Props) {
  const returnable = orders.data.filter(
    (o) =>
      (o.payment_status === 'paid' || o.payment_status === 'partially_refunded') &&
      (!o.return_status || o.return_status === 'declined'),
  );
  const preselected = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('order') : null;
  const form = useApiForm(
    { order_id: returnable.find((o) => o.id === preselected)?.id ?? returnable[0]?.id ?? '', reason: '' },
    { successMessage: 'Return requested', onSuccess: () => router.reload() },
  );
  return (
    <>
      <Head title="Returns" />
      <div className="mx-auto max-w-4xl space-y-4">
        <OrdersHeader title="Returns" />
        {returnable.length > 0 && (
          <Card title="Request a return">
            <form
              className="space-y-3"
              onSubmit={form.handleSubmit((v) => commerceApi.requestReturn(v.order_id, v.reason))}
            >
              <SelectField
                label="Order"
                options={returnable.map((o) => ({ value: o.id, label: `Order ${o.number}` }))}
                {...form.field('order_id')}
              />
              <TextAreaField label="Why are you returning it?" maxLength={1000} {...form.field('reason')} />
              <Button type="submit" loading={form.processing}>
                Request the return
              </Button>
            </form>
          </Card>
        )}
        <OrderRows
          page={returns}
          hrefFor={(p) => `${commercePaths.returns}?page=${p}`}
          empty={<EmptyState title="No returns" description="Returns you request show up here with their progress." />}
          rowTestId="return-row"
          detailClassName="truncate text-sm"
          row={(r) => ({
            title: `Order ${r.order_number}`,
            detail: r.reason,
            action: <StatusBadge axis="return" value={r.status} />,
          })}
        />
      </div>
    </>
  );
}
