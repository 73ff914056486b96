import type { DrawProgressEvent, DrawStep } from '@contracts/sweepstakes';
import { laterDrawProgress, laterState } from './draw-progress';

const KEYS: DrawStep['key'][] = ['loaded', 'deduplicated', 'fraud_checks', 'shuffled', 'picked'];
const report = (state: DrawProgressEvent['state'], done: number): DrawProgressEvent => ({
  sweepstakes_id: 's1',
  state,
  steps: KEYS.map((key, i) => ({ key, label: key, done: i < done, detail: null })),
});

describe('laterDrawProgress', () => {
  it('keeps "drawn" when the start answer saying "drawing" arrives after the live events', () => {
    const drawn = report('drawn', 5);
    expect(laterDrawProgress(drawn, report('drawing', 0))).toBe(drawn);
  });

  it('takes each live step as the draw moves forward', () => {
    const started = report('drawing', 0);
    const twoDone = report('drawing', 2);
    expect(laterDrawProgress(started, twoDone)).toBe(twoDone);
    expect(laterDrawProgress(twoDone, report('drawing', 1))).toBe(twoDone);
    expect(laterDrawProgress(twoDone, report('drawn', 5)).state).toBe('drawn');
  });

  it('takes the first report as it is, and the incoming one on a tie', () => {
    const first = report('drawing', 0);
    expect(laterDrawProgress(null, first)).toBe(first);
    const same = report('drawing', 0);
    expect(laterDrawProgress(first, same)).toBe(same);
  });
});

describe('laterState', () => {
  it('shows the state further along, whether it came from the page or the channel', () => {
    expect(laterState('drawn', 'drawing')).toBe('drawn');
    expect(laterState('closed', 'drawing')).toBe('drawing');
    expect(laterState('closed', undefined)).toBe('closed');
    expect(laterState('drawing', 'void')).toBe('void');
  });
});
