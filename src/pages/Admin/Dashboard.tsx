import { Head, Link, router } from '@inertiajs/react';
import type { AdminDashboardJson, MetricName } from '@contracts/admin';
import { adminLive } from '@/api/admin';
import { formatMetric } from '@/components/admin/format';
import { Sparkline, StatCard } from '@/components/charts';
import { Card } from '@/components/ui';
import { useChannel } from '@/echo';
import type { PageProps } from '@/types';

/** Gauges are read live; the rest are today's counts. */
const GAUGE_HINT: Partial<Record<MetricName, string>> = {
  queue_waiting: 'now, every queue',
  queue_failed: 'now, every queue',
  realtime_connections: 'now, every node',
};

interface Props {
  sections: Array<{ title: string; description: string; href: string }>;
  dashboard: AdminDashboardJson;
}

/** Admin Dashboard: the platform at a glance from the rollups (refreshed live when one lands), then every section. */
export default function AdminDashboard({ sections, dashboard }: PageProps<Props>) {
  useChannel(adminLive.metricsChannel, 'private', {
    [adminLive.metricsUpdated]: () => router.reload({ only: ['dashboard'] }),
  });
  return (
    <>
      <Head title="Admin" />
      <div className="space-y-6">
        <header className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <p className="text-eyebrow text-accent-ink">Admin</p>
            <h1 className="mt-1 text-headline text-ink">Console</h1>
          </div>
          <p className="text-xs text-ink-muted">
            {dashboard.rolled_up_at
              ? `Figures as of ${new Date(dashboard.rolled_up_at).toLocaleTimeString()}`
              : 'The first rollup has not run yet.'}
          </p>
        </header>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Today">
          {dashboard.stats.map((s) => (
            <li key={`${s.metric}-${s.currency ?? ''}`}>
              <Link href={s.href} className="block rounded-card focus:outline-none focus:ring-2 focus:ring-brand-500">
                <StatCard
                  label={s.label}
                  value={formatMetric(s.metric, s.value, s.currency)}
                  hint={GAUGE_HINT[s.metric] ?? 'today (UTC)'}
                  trend={<Sparkline values={s.trend} label={`${s.label}, last 30 days`} />}
                />
              </Link>
            </li>
          ))}
          <li>
            <Card title="Connections per node" description={`${dashboard.connections.nodes.length} live node(s)`}>
              <ul className="space-y-1 text-sm text-ink-muted" aria-label="Connections per node">
                {dashboard.connections.nodes.map((n) => (
                  <li key={n.node} className="flex justify-between gap-2">
                    <span className="truncate">{n.node}</span>
                    <span className="tabular-nums">{n.count}</span>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        </ul>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.href}>
              <Link
                href={section.href}
                className="block h-full rounded-card border border-line bg-surface p-5 shadow-card transition hover:border-brand-400"
              >
                <h2 className="text-base font-semibold text-ink">{section.title}</h2>
                <p className="mt-1 text-sm text-ink-muted">{section.description}</p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
