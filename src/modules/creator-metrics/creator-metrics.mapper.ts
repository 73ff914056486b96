import type {
  CreatorMetricSeries,
  CreatorMetricsJson,
  CreatorMetricsPeriod,
  CreatorMetricsPreset,
  CreatorTopContent,
} from '../../contracts/creator-metrics';
import { bucketOf, daysBetween } from '../../common/days';
import { iso } from '../../common/iso';
import type { User } from '../users';
import type { ContentTotals, CreatorDayRow } from './creator-metrics.repository';

/** Completions per view in percent with one decimal (0 without views). */
export const rate = (completions: number, views: number): number =>
  views ? Math.round((completions / views) * 1000) / 10 : 0;

type Figures = Omit<CreatorDayRow, 'day'>;
const ZERO: Figures = {
  spotViews: 0,
  spotWatchMs: 0,
  spotCompletions: 0,
  walkthroughViews: 0,
  walkthroughWatchMs: 0,
  walkthroughCompletions: 0,
  newFollowers: 0,
  designShares: 0,
  listingInquiries: 0,
};
const add = (a: Figures, b: Figures): Figures =>
  Object.fromEntries(Object.keys(ZERO).map((k) => [k, a[k as keyof Figures] + b[k as keyof Figures]])) as Figures;

/** The charted series and how each reads one bucket's summed figures. */
const SERIES: Array<{ metric: CreatorMetricSeries['metric']; label: string; of: (f: Figures) => number }> = [
  { metric: 'spot_views', label: 'Spot views', of: (f) => f.spotViews },
  { metric: 'walkthrough_views', label: 'Walkthrough views', of: (f) => f.walkthroughViews },
  { metric: 'watch_ms', label: 'Watch time', of: (f) => f.spotWatchMs + f.walkthroughWatchMs },
  {
    metric: 'completion_rate',
    label: 'Completion rate',
    of: (f) => rate(f.spotCompletions + f.walkthroughCompletions, f.spotViews + f.walkthroughViews),
  },
  { metric: 'new_followers', label: 'New followers', of: (f) => f.newFollowers },
  { metric: 'design_shares', label: 'Design shares', of: (f) => f.designShares },
  { metric: 'listing_inquiries', label: 'Listing inquiries', of: (f) => f.listingInquiries },
];

/** Rolled-up days summed into buckets (a missing day counts as zero); rates from the bucket's sums. */
export function toSeries(rows: CreatorDayRow[], from: string, to: string, period: CreatorMetricsPeriod) {
  const buckets = [...new Set(daysBetween(from, to).map((d) => bucketOf(d, period)))];
  const sums = buckets.map(() => ZERO);
  let total = ZERO;
  for (const { day, ...figures } of rows) {
    const i = buckets.indexOf(bucketOf(day, period));
    if (i < 0) continue;
    sums[i] = add(sums[i], figures);
    total = add(total, figures);
  }
  const series = SERIES.map(({ metric, label, of }) => ({ metric, label, values: sums.map(of), total: of(total) }));
  return { buckets, series };
}

export function toTopContentJson(
  rows: ContentTotals[],
  labels: Map<string, { slug: string; title: string }>,
): CreatorTopContent[] {
  return rows.map((r) => ({
    id: r.contentId,
    kind: r.kind,
    slug: labels.get(r.contentId)?.slug ?? '',
    title: labels.get(r.contentId)?.title || (r.kind === 'spot' ? 'Untitled spot' : 'Untitled walkthrough'),
    views: r.views,
    watch_ms: r.watchMs,
    completion_rate: rate(r.completions, r.views),
  }));
}

export function toCreatorMetricsJson(input: {
  creator: User;
  from: string;
  to: string;
  preset: CreatorMetricsPreset | null;
  period: CreatorMetricsPeriod;
  rows: CreatorDayRow[];
  followersNow: number;
  top: CreatorTopContent[];
  rolledUpAt: Date | null;
}): CreatorMetricsJson {
  const { creator, from, to, period } = input;
  return {
    creator: { id: creator.id, name: creator.name, handle: creator.handle },
    from,
    to,
    preset: input.preset,
    period,
    ...toSeries(input.rows, from, to, period),
    followers_now: input.followersNow,
    top_content: input.top,
    rolled_up_at: iso(input.rolledUpAt),
  };
}
