import type { CreatorMetricsJson, PlaybackRecorded } from '@contracts/creator-metrics';
import { api } from '../lib/http';

/** A creator's range and grouping: a preset, or a custom from/to (YYYY-MM-DD). */
export interface CreatorMetricsQuery {
  range?: string;
  from?: string;
  to?: string;
  period?: string;
}

/** The creator's own Metrics page. */
export const creatorMetricsPaths = {
  page: '/metrics',
};

/** The /api calls of creator metrics, and the play beacons the spot and walkthrough players send. */
export const creatorMetricsApi = {
  own: (query: CreatorMetricsQuery) => api.get<CreatorMetricsJson>('/api/metrics/creator', { query: { ...query } }),
  of: (userId: string, query: CreatorMetricsQuery) =>
    api.get<CreatorMetricsJson>(`/api/metrics/creators/${userId}`, { query: { ...query } }),
  spotPlayed: (slug: string, watchedMs: number, completed: boolean) =>
    api.post<PlaybackRecorded>(`/api/spot/${slug}/views`, { watched_ms: Math.round(watchedMs), completed }),
  walkthroughPlayed: (slug: string, watchedMs: number, completed: boolean) =>
    api.post<PlaybackRecorded>(`/api/walkthrough/${slug}/views`, { watched_ms: Math.round(watchedMs), completed }),
};
