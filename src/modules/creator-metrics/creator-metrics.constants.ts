import type { CreatorMetricsPeriod, CreatorMetricsPreset } from '../../contracts/creator-metrics';

export const CREATOR_ROLLUP_TIMER = 'creator-metrics.rollup';
/** How often the rollup runs (its timer chain re-arms itself on each boundary). */
export const CREATOR_ROLLUP_EVERY_MINUTES = 15;
/** Days the first rollup back-fills. */
export const CREATOR_BACKFILL_DAYS = 90;
export const CREATOR_PRESETS: Record<CreatorMetricsPreset, number> = { '7d': 7, '30d': 30, '90d': 90 };
export const DEFAULT_PRESET: CreatorMetricsPreset = '30d';
export const CREATOR_PERIODS: CreatorMetricsPeriod[] = ['day', 'week', 'month'];
/** The widest custom range (a year and a day, so a leap year's whole year fits). */
export const MAX_RANGE_DAYS = 366;
/** Rows in the top-content table. */
export const TOP_CONTENT = 10;
/** Play beacons a viewer (IP) may send a minute: a player reports a few times a play. */
export const BEACONS_PER_MINUTE = 120;
/** The longest watch time one beacon may report (6 hours; a tour is minutes). */
export const MAX_WATCH_MS = 6 * 3_600_000;
