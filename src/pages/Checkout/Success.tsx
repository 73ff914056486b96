import { Head } from '@inertiajs/react';
import type { Order } from '@contracts/commerce';
import { commercePaths } from '@/api/commerce';
import { DiscountLine } from '@/components/commerce/DiscountCodeForm';
import { formatMoney } from '@/components/commerce/format';
import { StatusBadge } from '@/components/commerce/StatusBadge';
import { Alert, ButtonLink, Card } from '@/components/ui';
import type { PageProps } from '@/types';

type Props = PageProps<{ order: Order; outcome: string }>;

/** Back from the provider: the order as the shop now knows it. */
export default function CheckoutSuccess({ order }: Props) {
  const paid = order.payment_status === 'paid';
  return (
    <>
      <Head title="Thank you" />
      <div className="mx-auto max-w-2xl space-y-4">
        {paid ? (
          <Alert variant="success" title={`Order ${order.number} is paid`}>
            A receipt is on its way to {order.email}.
          </Alert>
        ) : (
          <Alert variant="info" title={`Order ${order.number}`}>
            We are waiting for the payment to be confirmed; this page shows it once it is.
          </Alert>
        )}
        <Card title={`Order ${order.number}`} actions={<StatusBadge axis="payment" value={order.payment_status} />}>
          <ul className="space-y-2 text-sm">
            {order.lines.map((l) => (
              <li key={l.id} className="flex justify-between gap-2">
                <span>
                  {l.quantity} × {l.title}
                </span>
                <span className="tabular-nums">
                  {formatMoney({
                    amount_minor: l.unit_price.amount_minor * l.quantity,
                    currency: l.unit_price.currency,
                  })}
                </span>
              </li>
            ))}
          </ul>
          {order.discount && (
            <div className="mt-3 border-t border-line pt-3">
              <DiscountLine code={order.discount.code} amount={order.discount.amount} />
            </div>
          )}
          <p className="mt-3 flex justify-between border-t border-line pt-3 font-semibold">
            Total <span className="tabular-nums">{formatMoney(order.total)}</span>
          </p>
        </Card>
        <div className="flex flex-wrap gap-2">
          <ButtonLink href={commercePaths.orders}>See your orders</ButtonLink>
          <ButtonLink href={commercePaths.vault} variant="secondary">
            Open your vault
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
