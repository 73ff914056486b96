import { Head, router } from '@inertiajs/react';
import type { AdminMetricsJson } from '@contracts/admin';
import { adminApi, adminLive, adminPaths } from '@/api/admin';
import { formatMetric } from '@/components/admin/format';
import { BarChart } from '@/components/charts';
import { PeriodSwitch, SeriesGrid } from '@/components/metrics';
import { Button, Card } from '@/components/ui';
import { useChannel } from '@/echo';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/** Metrics: every rolled-up series by day/week/month, cohort retention by sign-up week, AI provider cost per day. */
export default function MetricsIndex({ metrics }: PageProps<{ metrics: AdminMetricsJson }>) {
  const { attempt } = useAttempt();
  useChannel(adminLive.metricsChannel, 'private', {
    [adminLive.metricsUpdated]: () => router.reload({ only: ['metrics'] }),
  });
  const refresh = async () => {
    await attempt(async () => {
      notify.info((await adminApi.rollupNow()).message);
    });
  };
  const costByDay = new Map<string, number>();
  for (const c of metrics.provider_cost) costByDay.set(c.day, (costByDay.get(c.day) ?? 0) + c.cost_micro);
  const providers = [...new Set(metrics.provider_cost.map((c) => c.provider))];
  return (
    <>
      <Head title="Metrics" />
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-headline text-ink">Metrics</h1>
          <div className="flex flex-wrap items-center gap-2">
            <PeriodSwitch current={metrics.period} hrefOf={adminPaths.metrics} />
            <Button size="sm" variant="secondary" onClick={refresh}>
              Refresh now
            </Button>
          </div>
        </div>
        <SeriesGrid
          buckets={metrics.buckets}
          period={metrics.period}
          items={metrics.series.map((s) => ({
            key: `${s.metric}-${s.currency ?? ''}`,
            label: s.label,
            total: formatMetric(
              s.metric,
              s.values.reduce((a, b) => a + b, 0),
              s.currency,
            ),
            lines: [{ name: s.label, values: s.values }],
          }))}
        />
        <Card title="AI provider cost per day" description={providers.join(', ') || 'No usage recorded'}>
          <BarChart
            label="AI provider cost per day, micro-dollars"
            points={[...costByDay].map(([day, value]) => ({ label: day.slice(5), value }))}
          />
          <ul className="mt-2 flex flex-wrap gap-x-4 text-xs text-ink-muted">
            {providers.map((p) => (
              <li key={p}>
                {p}:{' '}
                {formatMetric(
                  'ai_cost_micro',
                  metrics.provider_cost.filter((c) => c.provider === p).reduce((n, c) => n + c.cost_micro, 0),
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Retention by sign-up week" padded={false}>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-sm tabular-nums">
              <thead className="text-left text-xs text-ink-subtle">
                <tr>
                  <th className="px-3 py-2">Week</th>
                  <th className="px-3 py-2">Users</th>
                  {Array.from({ length: 8 }, (_, k) => (
                    <th key={k} className="px-2 py-2">
                      W{k}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {metrics.cohorts.map((c) => (
                  <tr key={c.week}>
                    <td className="px-3 py-2 text-ink">{c.week}</td>
                    <td className="px-3 py-2 text-ink-muted">{c.size}</td>
                    {Array.from({ length: 8 }, (_, k) => (
                      <td key={k} className="px-2 py-2">
                        {c.retention[k] === undefined ? '' : `${c.retention[k]}%`}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    </>
  );
}
