import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DataColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers sit right-aligned in tabular figures. */
  numeric?: boolean;
  /** Extra classes on this column's cells. */
  className?: string | ((row: T) => string);
}

export interface DataTableProps<T> {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => Key;
  /** A Tailwind min-width class: below it the table scrolls sideways instead of squeezing (phones). */
  minWidth?: string;
}

/** A plain table for a card with `padded={false}`: header row, divided rows, sideways scroll on narrow screens. */
export function DataTable<T>({ rows, columns, rowKey, minWidth = 'min-w-[32rem]' }: DataTableProps<T>) {
  const pad = (i: number) => (i === 0 || i === columns.length - 1 ? 'px-5 py-2' : 'px-3 py-2');
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full text-sm', minWidth)}>
        <thead className="text-left text-slate-500 dark:text-slate-400">
          <tr>
            {columns.map((c, i) => (
              <th key={i} className={cn(pad(i), 'font-medium', c.numeric && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) => (
                <td
                  key={i}
                  className={cn(
                    pad(i),
                    c.numeric && 'text-right tabular-nums',
                    typeof c.className === 'function' ? c.className(row) : c.className,
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
