import type { Page } from '@contracts/common';
import type { ReactNode } from 'react';
import { Card, Pagination } from '@/components/ui';

export interface OrderRow {
  title: ReactNode;
  detail: ReactNode;
  /** Right side of the row: a button, a link or a status badge. */
  action?: ReactNode;
}

/**
 * A page of the orders area's rows (vault, returns, digital purchases): one card of divided rows, each a title,
 * a grey detail line and an action on the right; `empty` instead when the page has none; the pager under it.
 */
export function OrderRows<T extends { id: string }>({
  page,
  hrefFor,
  empty,
  row,
  detailClassName = 'text-xs',
  rowTestId,
}: {
  page: Page<T>;
  hrefFor: (page: number) => string;
  empty: ReactNode;
  row: (item: T) => OrderRow;
  /** Size (and truncation) of the detail line. */
  detailClassName?: string;
  rowTestId?: string;
}) {
  return (
    <>
      {page.data.length ? (
        <Card padded={false}>
          <ul className="divide-y divide-line">
            {page.data.map((item) => {
              const { title, detail, action } = row(item);
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
                  data-testid={rowTestId}
                >
                  <div className="min-w-0">
                    <p className="font-medium">{title}</p>
                    <p className={`${detailClassName} text-slate-500 dark:text-slate-400`}>{detail}</p>
                  </div>
                  {action}
                </li>
              );
            })}
          </ul>
        </Card>
      ) : (
        empty
      )}
      <Pagination of={page} hrefFor={hrefFor} />
    </>
  );
}
