import { Head } from '@inertiajs/react';
import { ButtonLink, buttonClasses, Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { LedgerPage, LedgerRow } from '@contracts/credits';
import { routes } from '@/routes';
import type { PageProps } from '@/types';

type Props = PageProps<{ credits: number; history: LedgerPage }>;

const KIND: Record<LedgerRow['kind'], string> = {
  grant: 'Granted',
  purchase: 'Purchased',
  spend: 'Spent',
  refund: 'Refunded',
  revoke: 'Taken back (order refunded)',
  expire: 'Expired',
};

/** Image credits: the balance and every change to it. */
export default function Credits({ credits, history }: Props) {
  return (
    <>
      <Head title="Credits" />
      <div className="mx-auto max-w-3xl space-y-6">
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <p className="text-sm text-slate-500 dark:text-slate-400">Image credits</p>
              <p
                className="text-4xl font-semibold tabular-nums text-slate-900 dark:text-white"
                data-testid="credit-balance"
              >
                {credits}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {/* A plain link: the storefront is its own area and may not be an Inertia page. */}
              <a href={routes.marketplace} className={buttonClasses('secondary')} data-testid="buy-credits">
                Buy more credits
              </a>
              <ButtonLink href={routes.designer}>Use them in the designer</ButtonLink>
            </div>
          </div>
        </Card>
        <Card title="History" padded={false}>
          <DividedList
            items={history.data}
            empty={
              <EmptyState
                inset
                title="No credit activity yet"
                description="Credits you receive and spend show up here."
              />
            }
          >
            {(row) => (
              <li key={row.id} className="flex items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{KIND[row.kind]}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {row.reason} · {new Date(row.created_at).toLocaleString()}
                  </p>
                </div>
                <div className="text-right">
                  <p
                    className={cn(
                      'text-sm font-semibold tabular-nums',
                      row.amount < 0 ? 'text-red-600 dark:text-red-400' : 'text-emerald-600 dark:text-emerald-400',
                    )}
                  >
                    {row.amount > 0 ? '+' : ''}
                    {row.amount}
                  </p>
                  <p className="text-xs tabular-nums text-slate-500 dark:text-slate-400">balance {row.balance_after}</p>
                </div>
              </li>
            )}
          </DividedList>
        </Card>
        <Pagination of={history} hrefFor={(p) => `/credits?page=${p}`} />
      </div>
    </>
  );
}
