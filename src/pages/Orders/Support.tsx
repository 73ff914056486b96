import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { Page } from '@contracts/common';
import type { Order, OrderMessage } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { Button, Card, EmptyState, Pagination, TextAreaField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

type Props = PageProps<{ order: Order; messages: Page<OrderMessage> }>;

/** Support: one conversation per order between the buyer and the Reelty team. */
export default function OrdersSupport({ order, messages }: Props) {
  const [thread, setThread] = useState(messages.data);
  const form = useApiForm(
    { body: '' },
    {
      onSuccess: (r: { message: OrderMessage }) => {
        setThread((t) => [...t, r.message]);
        form.set('body', '');
      },
    },
  );
  return (
    <>
      <Head title={`Support for order ${order.number}`} />
      <div className="mx-auto max-w-3xl space-y-4">
        <OrdersHeader title={`Order ${order.number}: support`} />
        <Card>
          {thread.length ? (
            <ul className="space-y-3">
              {thread.map((m) => (
                <li
                  key={m.id}
                  className={cn(
                    'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                    m.from_staff ? 'bg-slate-100 dark:bg-slate-800' : 'ml-auto bg-brand-600 text-white',
                  )}
                >
                  <p className="whitespace-pre-wrap">{m.body}</p>
                  <p
                    className={cn(
                      'mt-1 text-[11px]',
                      m.from_staff ? 'text-slate-500 dark:text-slate-400' : 'text-brand-100',
                    )}
                  >
                    {m.from_staff ? 'Reelty team' : (m.author?.name ?? 'You')} ·{' '}
                    {new Date(m.created_at).toLocaleString()}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No messages yet" description="Ask us anything about this order." />
          )}
          <Pagination of={messages} hrefFor={(p) => `${commercePaths.support(order.id)}?page=${p}`} />
          <form
            className="mt-4 space-y-2"
            onSubmit={form.handleSubmit((v) => commerceApi.postMessage(order.id, v.body))}
          >
            <TextAreaField label="Message" maxLength={4000} {...form.field('body')} />
            <Button type="submit" loading={form.processing}>
              Send
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
