import { Head, router } from '@inertiajs/react';
import { useRef, useState, type FormEvent } from 'react';
import type { Page } from '@contracts/common';
import type { AdminOrder, AuditEntry, OrderReturn, Refund } from '@contracts/commerce';
import { commerceApi, commercePaths, newIdempotencyKey } from '@/api/commerce';
import { formatMoney, humanize, toMinor } from '@/components/commerce/format';
import { StatusBadge } from '@/components/commerce/StatusBadge';
import {
  Button,
  ButtonLink,
  Card,
  Checkbox,
  DividedList,
  EmptyState,
  FormField,
  Input,
  Pagination,
  Select,
  TextField,
} from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';
import { useAttempt } from '@/hooks/useAttempt';

type Filters = Record<'q' | 'status' | 'payment_status' | 'fulfilment_status' | 'return_status', string>;
type Props = PageProps<{ orders: Page<AdminOrder>; returns: Page<OrderReturn>; filters: Filters }>;
type Detail = { order: AdminOrder; audit: AuditEntry[]; refunds: Refund[] };

const opts = (values: string[]) => values.map((v) => ({ value: v, label: humanize(v) }));

/** The filter bar's selects, one per state of an order: its label, its "any" choice and its values. */
const STATE_FILTERS: { key: Exclude<keyof Filters, 'q'>; label: string; any: string; values: string[] }[] = [
  {
    key: 'status',
    label: 'Order',
    any: 'Any order state',
    values: ['placed', 'paid', 'partially_fulfilled', 'fulfilled', 'cancelled', 'expired'],
  },
  {
    key: 'payment_status',
    label: 'Payment',
    any: 'Any payment',
    values: ['pending', 'paid', 'partially_refunded', 'refunded', 'failed'],
  },
  { key: 'fulfilment_status', label: 'Fulfilment', any: 'Any fulfilment', values: ['unfulfilled', 'fulfilled'] },
  {
    key: 'return_status',
    label: 'Return',
    any: 'Any return',
    values: ['requested', 'approved', 'received', 'refunded', 'declined'],
  },
];

/** Admin Orders: search and filter, refund (full or part), returns, CSV export, each order's audit trail. */
export default function AdminOrdersIndex({ orders, returns, filters }: Props) {
  const { attempt } = useAttempt();
  const [f, setF] = useState(filters);
  const [detail, setDetail] = useState<Detail | null>(null);
  const query = new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString();
  const apply = (e: FormEvent) => {
    e.preventDefault();
    router.get(commercePaths.adminOrders, Object.fromEntries(Object.entries(f).filter(([, v]) => v)), {
      preserveState: true,
    });
  };
  const open = async (id: string) => {
    await attempt(async () => {
      setDetail(await commerceApi.adminOrder(id));
    });
  };
  const decide = (r: OrderReturn, status: 'approved' | 'declined' | 'received') =>
    actThenReload(() => commerceApi.decideReturn(r.id, status), undefined, `Return ${humanize(status).toLowerCase()}`);
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  return (
    <>
      <Head title="Admin orders" />
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Orders</h1>
          <div className="flex gap-2">
            <ButtonLink href={commercePaths.unfulfilled} variant="secondary">
              Unfulfilled queue
            </ButtonLink>
            <a
              href={commercePaths.exportCsv(query)}
              className="inline-flex h-10 items-center rounded-md border border-slate-300 px-3 text-sm dark:border-slate-700"
            >
              Export CSV
            </a>
          </div>
        </div>
        <form onSubmit={apply} className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          <Input placeholder="Number or email" value={f.q} onChange={set('q')} aria-label="Search orders" />
          {STATE_FILTERS.map((s) => (
            <Select
              key={s.key}
              aria-label={s.label}
              value={f[s.key]}
              onChange={set(s.key)}
              placeholder={s.any}
              options={opts(s.values)}
            />
          ))}
          <Button type="submit">Filter</Button>
        </form>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[1fr_24rem]">
          <Card padded={false}>
            <DividedList items={orders.data} empty={<EmptyState inset title="No orders match" />}>
              {(o) => (
                <li key={o.id}>
                  <button
                    onClick={() => open(o.id)}
                    className="flex w-full flex-wrap items-center justify-between gap-2 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50"
                    data-testid="admin-order-row"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium">{o.number}</span>
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{o.email}</span>
                    </span>
                    <span className="flex flex-wrap gap-1">
                      <StatusBadge axis="order" value={o.status} />
                      <StatusBadge axis="payment" value={o.payment_status} />
                      <StatusBadge axis="return" value={o.return_status} />
                    </span>
                    <span className="tabular-nums">{formatMoney(o.total)}</span>
                  </button>
                </li>
              )}
            </DividedList>
            <div className="p-3">
              <Pagination
                of={orders}
                hrefFor={(p) =>
                  `${commercePaths.adminOrders}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), page: String(p) })}`
                }
              />
            </div>
          </Card>
          <div className="space-y-4">
            {detail ? (
              <OrderDetail detail={detail} onChange={() => open(detail.order.id)} />
            ) : (
              <Card>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Choose an order to refund it or read its audit trail.
                </p>
              </Card>
            )}
            <Card title="Returns">
              {returns.data.length ? (
                <ul className="space-y-3 text-sm">
                  {returns.data.map((r) => (
                    <li key={r.id} data-testid="admin-return">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-medium">{r.order_number}</span>
                        <StatusBadge axis="return" value={r.status} />
                      </div>
                      <p className="text-slate-500 dark:text-slate-400">{r.reason}</p>
                      {r.status === 'requested' && (
                        <div className="mt-1 flex gap-2">
                          <Button size="sm" onClick={() => decide(r, 'approved')}>
                            Approve
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => decide(r, 'declined')}>
                            Decline
                          </Button>
                        </div>
                      )}
                      {r.status === 'approved' && (
                        <Button size="sm" className="mt-1" onClick={() => decide(r, 'received')}>
                          Mark received
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-500 dark:text-slate-400">No returns.</p>
              )}
            </Card>
          </div>
        </div>
      </div>
    </>
  );
}

function OrderDetail({ detail, onChange }: { detail: Detail; onChange: () => void }) {
  const { order, audit, refunds } = detail;
  const key = useRef(newIdempotencyKey());
  const left = order.total.amount_minor - order.refunded.amount_minor;
  const form = useApiForm(
    { amount: (left / 100).toFixed(2), reason: '', restock: false },
    {
      successMessage: 'Refunded',
      onSuccess: () => {
        key.current = newIdempotencyKey();
        onChange();
        router.reload({ only: ['orders', 'returns'] });
      },
    },
  );
  const refundable = order.payment_status === 'paid' || order.payment_status === 'partially_refunded';
  return (
    <Card
      title={`Order ${order.number}`}
      description={order.user ? `${order.user.name} · ${order.email}` : order.email}
    >
      <p className="text-sm">
        Total {formatMoney(order.total)} · refunded {formatMoney(order.refunded)}
        {order.discount && (
          <span data-testid="order-discount">
            {' '}
            · code <span className="font-mono">{order.discount.code}</span> took off{' '}
            {formatMoney(order.discount.amount)}
          </span>
        )}
      </p>
      {refundable && left > 0 && (
        <form
          className="mt-3 space-y-2"
          onSubmit={form.handleSubmit((v) =>
            commerceApi.refund(
              order.id,
              { amount_minor: toMinor(v.amount) ?? undefined, reason: v.reason, restock: v.restock },
              key.current,
            ),
          )}
        >
          <FormField label={`Amount (${order.total.currency})`} name="amount_minor" error={form.errors.amount_minor}>
            <Input inputMode="decimal" value={form.data.amount} onChange={(e) => form.set('amount', e.target.value)} />
          </FormField>
          <TextField label="Reason" {...form.field('reason')} />
          <Checkbox
            label="Put the units back in stock"
            hint="For the lines this refund completes: nothing was shipped, or it came back."
            checked={form.data.restock}
            onChange={(e) => form.set('restock', e.target.checked)}
          />
          <Button type="submit" variant="danger" loading={form.processing}>
            Refund
          </Button>
        </form>
      )}
      {refunds.length > 0 && (
        <ul className="mt-3 text-sm">
          {refunds.map((r) => (
            <li key={r.id}>
              {formatMoney(r.amount)} · {r.status} · {new Date(r.created_at).toLocaleString()}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold">Audit trail</h3>
      <ol className="mt-1 space-y-1 text-xs text-slate-600 dark:text-slate-300" data-testid="audit-trail">
        {audit.map((a) => (
          <li key={a.id}>
            {new Date(a.created_at).toLocaleString()} · {humanize(a.action)} · {a.actor?.name ?? 'system'}
          </li>
        ))}
      </ol>
    </Card>
  );
}
