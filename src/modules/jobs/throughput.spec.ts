import { MinuteCounter, perMinuteFromMetrics, THROUGHPUT_MINUTES } from './throughput';

const MIN = 60_000;
const at = (minute: number, second = 0) => minute * MIN + second * 1000;

describe('finished jobs per minute over the last hour', () => {
  it('places BullMQ’s closed minutes before the open one, and zeros for the quiet minutes since', () => {
    // Last finished job in minute 1000 (3 jobs so far in it); closed minutes 999: 5, 998: 0, 997: 2.
    const metrics = { meta: { count: 10, prevCount: 7, prevTS: at(1000, 12) }, data: [5, 0, 2], count: 3 };
    const series = perMinuteFromMetrics(metrics, at(1004, 30));
    expect(series).toHaveLength(THROUGHPUT_MINUTES);
    expect(series.slice(-8)).toEqual([2, 0, 5, 3, 0, 0, 0, 0]);
    expect(series.slice(0, -8).every((n) => n === 0)).toBe(true);
  });

  it('drops minutes older than the hour and reads no metrics as an empty hour', () => {
    const old = { meta: { count: 4, prevCount: 1, prevTS: at(100) }, data: [1], count: 1 };
    expect(perMinuteFromMetrics(old, at(200)).every((n) => n === 0)).toBe(true);
    const none = { meta: { count: 0, prevCount: 0, prevTS: 0 }, data: [], count: 0 };
    expect(perMinuteFromMetrics(none, at(5))).toEqual(new Array(THROUGHPUT_MINUTES).fill(0));
  });

  it('counts the in-process runner’s jobs the same way', () => {
    const counter = new MinuteCounter();
    counter.record(at(10, 1));
    counter.record(at(10, 59));
    counter.record(at(12, 0));
    expect(counter.series(at(12, 30)).slice(-3)).toEqual([2, 0, 1]);
    expect(counter.series(at(10 + THROUGHPUT_MINUTES, 0)).reduce((a, b) => a + b)).toBe(1);
  });
});
