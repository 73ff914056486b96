import { Head } from '@inertiajs/react';
import { Card, DataTable, EmptyState, Pagination } from '@/components/ui';
import type { UsagePage, UsageTotals } from '@contracts/usage';
import type { PageProps } from '@/types';

type Props = PageProps<{ totals: UsageTotals[]; usage: UsagePage }>;

const usd = (n: number) => `$${n.toFixed(n > 0 && n < 0.01 ? 4 : 2)}`;

/** What the user's text and image model calls used and cost, per provider/model and per call. */
export default function LlmUsage({ totals, usage }: Props) {
  const sum = totals.reduce((a, t) => a + t.cost_usd, 0);
  return (
    <>
      <Head title="AI usage" />
      <h1 className="mb-6 text-2xl font-semibold text-slate-900 dark:text-white">AI usage</h1>
      {usage.total === 0 ? (
        <EmptyState
          title="No AI usage yet"
          description="Designs and design chats you run are listed here with their cost."
        />
      ) : (
        <div className="space-y-6">
          <Card title="By provider and model" description={`Total ${usd(sum)}`} padded={false}>
            <DataTable
              rows={totals}
              rowKey={(t) => `${t.provider}-${t.model}-${t.unit}`}
              columns={[
                { header: 'Provider', cell: (t) => t.provider },
                { header: 'Model', cell: (t) => t.model },
                { header: 'Calls', cell: (t) => t.calls, numeric: true },
                { header: 'Units', cell: (t) => `${+t.units.toFixed(3)} ${t.unit}`, numeric: true },
                { header: 'Cost', cell: (t) => usd(t.cost_usd), numeric: true },
              ]}
            />
          </Card>
          <Card title="Calls" padded={false}>
            <ul className="divide-y divide-line">
              {usage.data.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                  <div>
                    <p className="font-medium text-slate-800 dark:text-slate-100">
                      {r.operation.replace('_', ' ')} · {r.provider} {r.model}
                      {!r.succeeded && (
                        <span className="ml-2 rounded bg-red-100 px-1.5 text-xs text-red-700 dark:bg-red-950 dark:text-red-300">
                          failed
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {new Date(r.created_at).toLocaleString()}
                      {r.input_tokens !== null && ` · ${r.input_tokens} in / ${r.output_tokens} out tokens`}
                      {r.duration_ms !== null && ` · ${(r.duration_ms / 1000).toFixed(1)} s`}
                    </p>
                  </div>
                  <span className="tabular-nums">{usd(r.cost_usd)}</span>
                </li>
              ))}
            </ul>
          </Card>
          <Pagination of={usage} hrefFor={(p) => `/user/llm-usage?page=${p}`} />
        </div>
      )}
    </>
  );
}
