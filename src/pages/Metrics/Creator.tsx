import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { CreatorMetricsJson, CreatorMetricsPeriod, CreatorTopContent } from '@contracts/creator-metrics';
import { creatorMetricsApi, type CreatorMetricsQuery } from '@/api/creator-metrics';
import { videoPaths } from '@/api/video';
import { formatCreatorMetric, formatDuration, PeriodSwitch, SeriesGrid } from '@/components/metrics';
import type { SeriesCardData } from '@/components/metrics';
import { Button, Card, DataTable, EmptyState, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

const PRESETS = [
  { range: '7d', label: '7 days' },
  { range: '30d', label: '30 days' },
  { range: '90d', label: '90 days' },
] as const;

/** The cards: views with spots and walkthroughs side by side, then one card per other figure. */
function cardsOf(m: CreatorMetricsJson): SeriesCardData[] {
  const by = Object.fromEntries(m.series.map((s) => [s.metric, s]));
  const views = by.spot_views.total + by.walkthrough_views.total;
  return [
    {
      key: 'views',
      label: 'Views',
      total: `${formatCreatorMetric('spot_views', views)} (${by.spot_views.total} spots, ${by.walkthrough_views.total} walkthroughs)`,
      lines: [
        { name: 'Spots', values: by.spot_views.values },
        { name: 'Walkthroughs', values: by.walkthrough_views.values },
      ],
    },
    ...m.series
      .filter((s) => s.metric !== 'spot_views' && s.metric !== 'walkthrough_views')
      .map((s) => ({
        key: s.metric,
        label: s.metric === 'watch_ms' ? 'Watch time (minutes)' : s.label,
        total: formatCreatorMetric(s.metric, s.total),
        lines: [
          {
            name: s.label,
            values: s.metric === 'watch_ms' ? s.values.map((v) => Math.round(v / 6_000) / 10) : s.values,
          },
        ],
      })),
  ];
}

const contentHref = (c: CreatorTopContent) =>
  c.kind === 'walkthrough' ? videoPaths.walkthrough(c.slug) : videoPaths.spotEdit(c.slug);

/** Metrics (creator): the signed-in creator's views, watch time, completion, followers, shares and inquiries. */
export default function MetricsCreator({ metrics: initial }: PageProps<{ metrics: CreatorMetricsJson }>) {
  const [metrics, setMetrics] = useState(initial);
  const form = useApiForm(
    { from: initial.from, to: initial.to },
    { errorFallback: 'Could not load those metrics', onSuccess: (m: CreatorMetricsJson) => setMetrics(m) },
  );
  const load = (query: CreatorMetricsQuery) => form.submit(() => creatorMetricsApi.own(query));
  const range = metrics.preset ? { range: metrics.preset } : { from: metrics.from, to: metrics.to };
  const pick = (preset: string) =>
    void load({ range: preset, period: metrics.period }).then((m) => m && form.setData({ from: m.from, to: m.to }));
  return (
    <>
      <Head title="Metrics" />
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h1 className="text-headline text-ink">Your metrics</h1>
            <p className="text-sm text-ink-muted">
              {metrics.from} to {metrics.to} · {metrics.followers_now} followers now
              {metrics.rolled_up_at ? ` · updated ${new Date(metrics.rolled_up_at).toLocaleString()}` : ''}
            </p>
          </div>
          <PeriodSwitch
            current={metrics.period}
            onSelect={(period: CreatorMetricsPeriod) => void load({ ...range, period })}
          />
        </div>
        <Card>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex gap-1" role="group" aria-label="Range">
              {PRESETS.map((p) => (
                <button
                  key={p.range}
                  type="button"
                  aria-pressed={metrics.preset === p.range}
                  onClick={() => pick(p.range)}
                  className={cn(
                    'rounded-control border border-line px-3 py-1 text-sm',
                    metrics.preset === p.range ? 'bg-brand-600 text-white' : 'text-ink-muted hover:text-ink',
                  )}
                >
                  {p.label}
                </button>
              ))}
            </div>
            <form
              className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[auto_auto_auto]"
              onSubmit={form.handleSubmit((v) => creatorMetricsApi.own({ ...v, period: metrics.period }))}
            >
              <TextField label="From" type="date" {...form.field('from')} />
              <TextField label="To" type="date" {...form.field('to')} />
              <div className="sm:pt-6">
                <Button type="submit" variant="secondary" disabled={form.processing}>
                  Show
                </Button>
              </div>
            </form>
          </div>
        </Card>
        <SeriesGrid buckets={metrics.buckets} period={metrics.period} items={cardsOf(metrics)} />
        <Card title="Top content" padded={false}>
          {metrics.top_content.length ? (
            <DataTable
              rows={metrics.top_content}
              rowKey={(c) => c.id}
              minWidth="min-w-[28rem]"
              columns={[
                {
                  header: 'Title',
                  cell: (c) => (
                    <a href={contentHref(c)} className="text-accent-ink hover:underline">
                      {c.title}
                    </a>
                  ),
                },
                { header: 'Kind', cell: (c) => <span className="capitalize text-ink-muted">{c.kind}</span> },
                { header: 'Views', numeric: true, cell: (c) => c.views },
                { header: 'Watch time', numeric: true, cell: (c) => formatDuration(c.watch_ms) },
                { header: 'Completion', numeric: true, cell: (c) => `${c.completion_rate}%` },
              ]}
            />
          ) : (
            <EmptyState title="No plays in this range" description="Views of your spots and walkthroughs show here." />
          )}
        </Card>
      </div>
    </>
  );
}
