/** Wire shapes of a creator's own metrics (Metrics/Creator, GET /api/metrics/creator). Type-only. */

export type CreatorMetricsPeriod = 'day' | 'week' | 'month';
export type CreatorMetricsPreset = '7d' | '30d' | '90d';
export type CreatorContentKind = 'spot' | 'walkthrough';

/** The charted figures; watch time in milliseconds, completion rate in percent with one decimal. */
export type CreatorMetricName =
  | 'spot_views'
  | 'walkthrough_views'
  | 'watch_ms'
  | 'completion_rate'
  | 'new_followers'
  | 'design_shares'
  | 'listing_inquiries';

export interface CreatorMetricSeries {
  metric: CreatorMetricName;
  label: string;
  /** One value per bucket. */
  values: number[];
  /** Over the whole range (a rate over the range, not a sum of rates). */
  total: number;
}

/** One spot or walkthrough with its figures over the range. */
export interface CreatorTopContent {
  id: string;
  kind: CreatorContentKind;
  slug: string;
  title: string;
  views: number;
  watch_ms: number;
  completion_rate: number;
}

export interface CreatorMetricsJson {
  creator: { id: string; name: string; handle: string | null };
  from: string;
  to: string;
  preset: CreatorMetricsPreset | null;
  period: CreatorMetricsPeriod;
  /** The first day of each bucket (a day, the Monday of a week, the 1st of a month). */
  buckets: string[];
  series: CreatorMetricSeries[];
  followers_now: number;
  top_content: CreatorTopContent[];
  /** When the rollups were last computed, null before the first run. */
  rolled_up_at: string | null;
}

/** What a play beacon answers. */
export interface PlaybackRecorded {
  recorded: boolean;
}
