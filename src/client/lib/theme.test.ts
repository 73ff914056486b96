import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyTheme, isNightTime, resolveTheme, THEME_STORAGE_KEY, type Theme } from './theme';

/** A local date at hh:mm (the decision uses the browser's local clock). */
const at = (hours: number, minutes: number) => new Date(2025, 5, 15, hours, minutes, 0);

describe('resolveTheme (spec 4: saved choice, else system preference or night hours 18:00–06:00)', () => {
  const noPreference = { saved: null, systemPrefersDark: false };

  it.each([
    ['05:59', at(5, 59), 'dark'],
    ['06:00', at(6, 0), 'light'],
    ['17:59', at(17, 59), 'light'],
    ['18:00', at(18, 0), 'dark'],
    ['00:00', at(0, 0), 'dark'],
    ['12:00', at(12, 0), 'light'],
  ])('with no saved choice and no system preference, %s is %s', (_label, now, expected) => {
    expect(resolveTheme({ ...noPreference, now })).toBe(expected);
  });

  it('treats an unknown system preference (null) like no preference', () => {
    expect(resolveTheme({ saved: null, systemPrefersDark: null, now: at(12, 0) })).toBe('light');
    expect(resolveTheme({ saved: null, systemPrefersDark: null, now: at(23, 0) })).toBe('dark');
  });

  it('uses a system preference for dark during the day', () => {
    expect(resolveTheme({ saved: null, systemPrefersDark: true, now: at(12, 0) })).toBe('dark');
  });

  it('lets the saved choice win over the system and the clock', () => {
    expect(resolveTheme({ saved: 'light', systemPrefersDark: true, now: at(23, 0) })).toBe('light');
    expect(resolveTheme({ saved: 'dark', systemPrefersDark: false, now: at(12, 0) })).toBe('dark');
  });

  it('ignores a corrupt saved value', () => {
    expect(resolveTheme({ saved: 'purple', systemPrefersDark: false, now: at(12, 0) })).toBe('light');
  });

  it('knows the night boundaries', () => {
    expect(isNightTime(at(18, 0))).toBe(true);
    expect(isNightTime(at(6, 0))).toBe(false);
  });
});

describe('applyTheme', () => {
  it('toggles the dark class on <html>', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});

describe('the inline script in resources/views/app.html', () => {
  const html = readFileSync(join(__dirname, '../../../resources/views/app.html'), 'utf8');
  const script = html.match(/<script id="theme-init">([\s\S]*?)<\/script>/)?.[1];

  function runInlineScript(now: Date, saved: string | null, systemPrefersDark: boolean): Theme {
    jest.useFakeTimers().setSystemTime(now);
    localStorage.clear();
    if (saved) localStorage.setItem(THEME_STORAGE_KEY, saved);
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: systemPrefersDark && query.includes('dark'),
    })) as typeof window.matchMedia;
    document.documentElement.className = 'dark'; // "default on", as rendered by the server
    try {
      new Function(script!)();
    } finally {
      window.matchMedia = original;
      jest.useRealTimers();
    }
    return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
  }

  it('exists', () => {
    expect(script).toBeTruthy();
    expect(html).toMatch(/<html[^>]*class="dark"/);
  });

  const cases: Array<[Date, string | null, boolean]> = [];
  for (const time of [at(5, 59), at(6, 0), at(12, 0), at(17, 59), at(18, 0), at(23, 30)]) {
    for (const saved of [null, 'dark', 'light']) {
      for (const system of [false, true]) cases.push([time, saved, system]);
    }
  }

  it.each(cases)('agrees with resolveTheme at %s (saved %s, system dark %s)', (now, saved, system) => {
    expect(runInlineScript(now, saved, system)).toBe(resolveTheme({ saved, systemPrefersDark: system, now }));
  });

  it('survives blocked storage', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(runInlineScript(at(12, 0), null, false)).toBe('light');
    getItem.mockRestore();
  });
});
