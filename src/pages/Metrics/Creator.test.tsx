import { act, fireEvent, render, screen } from '@testing-library/react';
import type { CreatorMetricsJson } from '@contracts/creator-metrics';
import { jsonResponse } from '@/test-utils';
import MetricsCreator from './Creator';

jest.mock('@inertiajs/react', () => ({
  ...require('@/test-utils').inertiaOnPage('/metrics'),
  router: { visit: jest.fn(), reload: jest.fn() },
}));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const metricsOf = (over: Partial<CreatorMetricsJson> = {}): CreatorMetricsJson => ({
  creator: { id: 'u1', name: 'Ria', handle: 'ria' },
  from: '2026-03-12',
  to: '2026-03-18',
  preset: '7d',
  period: 'day',
  buckets: ['2026-03-12', '2026-03-13'],
  series: [
    { metric: 'spot_views', label: 'Spot views', values: [3, 4], total: 7 },
    { metric: 'walkthrough_views', label: 'Walkthrough views', values: [1, 0], total: 1 },
    { metric: 'watch_ms', label: 'Watch time', values: [60_000, 65_000], total: 125_000 },
    { metric: 'completion_rate', label: 'Completion rate', values: [50, 25], total: 37.5 },
    { metric: 'new_followers', label: 'New followers', values: [1, 0], total: 1 },
    { metric: 'design_shares', label: 'Design shares', values: [0, 2], total: 2 },
    { metric: 'listing_inquiries', label: 'Listing inquiries', values: [0, 1], total: 1 },
  ],
  followers_now: 12,
  top_content: [
    { id: 'c1', kind: 'spot', slug: 'sunny', title: 'Sunny spot', views: 7, watch_ms: 90_000, completion_rate: 42.9 },
  ],
  rolled_up_at: null,
  ...over,
});

const base = { appName: 'Reelty', auth: { user: null }, errors: {}, csrfToken: 't' };

describe('Metrics/Creator', () => {
  it('charts every figure with its total and lists the top content', () => {
    render(<MetricsCreator {...base} metrics={metricsOf()} />);
    expect(screen.getByText('8 (7 spots, 1 walkthroughs)')).toBeTruthy();
    expect(screen.getByText('2m 05s')).toBeTruthy();
    expect(screen.getByText('37.5%')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Listing inquiries by day' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sunny spot' })).toBeTruthy();
  });

  it('asks the API for a custom range and shows the field error it answers', async () => {
    const urls: string[] = [];
    global.fetch = jest.fn(async (url: string) => {
      urls.push(url);
      return jsonResponse(422, {
        message: 'The start must be on or before the end.',
        errors: { from: ['The start must be on or before the end.'] },
      });
    }) as unknown as typeof fetch;
    render(<MetricsCreator {...base} metrics={metricsOf()} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-20' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    expect(urls[0]).toBe('/api/metrics/creator?from=2026-03-20&to=2026-03-18&period=day');
    expect(screen.getByText('The start must be on or before the end.')).toBeTruthy();
  });

  it('switches to weekly buckets through the API', async () => {
    global.fetch = jest.fn(async () =>
      jsonResponse(200, metricsOf({ period: 'week', buckets: ['2026-03-09', '2026-03-16'] })),
    ) as unknown as typeof fetch;
    render(<MetricsCreator {...base} metrics={metricsOf()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'week' })));
    expect(screen.getByRole('img', { name: 'Design shares by week' })).toBeTruthy();
  });
});
