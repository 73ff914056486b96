import { DAY_MS } from '../../common/clock';
import { boostState, boostWindow, unusedShare } from './boost-rules';

const at = (iso: string) => new Date(iso);

describe('boost rules', () => {
  it('starts now, or queues behind the listing’s boost still running', () => {
    const now = at('2026-12-01T10:00:00Z');
    expect(boostWindow(now, null, 7)).toEqual({ startsAt: now, endsAt: at('2026-12-08T10:00:00Z') });
    expect(boostWindow(now, at('2026-11-30T00:00:00Z'), 7).startsAt).toEqual(now);
    expect(boostWindow(now, at('2026-12-05T00:00:00Z'), 30)).toEqual({
      startsAt: at('2026-12-05T00:00:00Z'),
      endsAt: at('2027-01-04T00:00:00Z'),
    });
  });

  it('reads its state from its times and how it ended', () => {
    const b = {
      starts_at: at('2026-12-02T00:00:00Z'),
      ends_at: at('2026-12-09T00:00:00Z'),
      ended_at: null,
      end_reason: null,
    };
    expect(boostState(b, at('2026-12-01T00:00:00Z'))).toBe('scheduled');
    expect(boostState(b, at('2026-12-02T00:00:00Z'))).toBe('running');
    expect(boostState(b, at('2026-12-09T00:00:00Z'))).toBe('expired');
    expect(boostState({ ...b, ended_at: b.starts_at, end_reason: 'unpublished' }, at('2026-12-03T00:00:00Z'))).toBe(
      'unpublished',
    );
  });

  it('gives back the unused days’ share, rounded down, exactly', () => {
    const b = {
      starts_at: at('2026-12-01T00:00:00Z'),
      ends_at: new Date(at('2026-12-01T00:00:00Z').getTime() + 7 * DAY_MS),
    };
    expect(unusedShare(2900, b, at('2026-11-30T00:00:00Z'))).toBe(2900);
    expect(unusedShare(2900, b, b.ends_at)).toBe(0);
    // 4 of 7 days unused: 2900 × 4 / 7 = 1657.14… → 1657.
    expect(unusedShare(2900, b, at('2026-12-04T00:00:00Z'))).toBe(1657);
    // Large amounts stay exact where floats would not.
    const big = 9_999_999_999;
    expect(unusedShare(big, b, new Date(b.ends_at.getTime() - 1))).toBe(Math.floor(big / (7 * DAY_MS)));
  });
});
