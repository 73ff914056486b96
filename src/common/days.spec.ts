import { firstDayToRoll } from './days';

describe('firstDayToRoll', () => {
  it('goes back one day before the latest rolled day, so late rows are counted', () => {
    expect(firstDayToRoll('2026-11-20', '2026-11-28', 30)).toBe('2026-11-19');
  });

  it('never starts after yesterday, even when a day ahead of today was rolled', () => {
    expect(firstDayToRoll('2026-11-30', '2026-11-28', 30)).toBe('2026-11-27');
  });

  it('back-fills the given number of days through today on a first run', () => {
    expect(firstDayToRoll(null, '2026-11-28', 3)).toBe('2026-11-26');
  });
});
