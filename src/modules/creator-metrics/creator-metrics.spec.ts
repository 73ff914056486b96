import { ValidationFailedException } from '../../common/validation';
import { rate, toSeries } from './creator-metrics.mapper';
import { rangeOf } from './creator-range';

const TODAY = '2026-03-18';
const fieldOf = (q: Parameters<typeof rangeOf>[0]) => {
  try {
    rangeOf(q, TODAY);
    return null;
  } catch (e) {
    return Object.keys((e as ValidationFailedException).errors);
  }
};

describe('creator metrics ranges', () => {
  it('reads presets up to today, 30 days by default', () => {
    expect(rangeOf({}, TODAY)).toEqual({ from: '2026-02-17', to: TODAY, preset: '30d', period: 'day' });
    expect(rangeOf({ range: '7d', period: 'week' }, TODAY)).toEqual({
      from: '2026-03-12',
      to: TODAY,
      preset: '7d',
      period: 'week',
    });
  });

  it('takes a custom range of up to 366 days, ending today at the latest', () => {
    expect(rangeOf({ from: '2025-03-18', to: TODAY }, TODAY)).toMatchObject({ preset: null, from: '2025-03-18' });
    expect(fieldOf({ from: '2025-03-17', to: TODAY })).toEqual(['from']);
    expect(fieldOf({ from: '2026-03-18', to: '2026-03-19' })).toEqual(['to']);
    expect(fieldOf({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['from']);
    expect(fieldOf({ to: '2026-03-01' })).toEqual(['from']);
    expect(fieldOf({ from: '2026-02-29', to: '2026-03-01' })).toEqual(['from']); // 2026 is not a leap year
  });
});

describe('creator metrics series', () => {
  const day = (d: string, spotViews: number, spotCompletions: number) => ({
    day: d,
    spotViews,
    spotWatchMs: spotViews * 1000,
    spotCompletions,
    walkthroughViews: 0,
    walkthroughWatchMs: 0,
    walkthroughCompletions: 0,
    newFollowers: 1,
    designShares: 0,
    listingInquiries: 0,
  });

  it('sums days into month buckets, fills missing days with zero and takes rates from the sums', () => {
    const { buckets, series } = toSeries(
      [day('2026-01-31', 4, 1), day('2026-02-01', 6, 6), day('2026-02-03', 10, 0)],
      '2026-01-30',
      '2026-02-03',
      'month',
    );
    expect(buckets).toEqual(['2026-01-01', '2026-02-01']);
    const of = (m: string) => series.find((s) => s.metric === m)!;
    expect(of('spot_views').values).toEqual([4, 16]);
    expect(of('new_followers').total).toBe(3);
    expect(of('completion_rate').values).toEqual([25, 37.5]);
    expect(of('completion_rate').total).toBe(35);
    expect(rate(0, 0)).toBe(0);
  });
});
