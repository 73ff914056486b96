import { logger } from './logger';

/**
 * Dark mode decision (spec 4 and 9):
 *   1. a saved choice ('dark' | 'light' in localStorage) always wins;
 *   2. otherwise dark when the system asks for dark OR it is night (18:00–06:00, local time);
 *   3. "default on": the root view renders <html class="dark"> so that, should the
 *      decision be impossible (no script), the page is dark.
 * A system preference for light does not override night hours: the spec joins
 * the two with "or", so either one switches dark mode on.
 *
 * resources/views/app.html runs the same decision inline before first paint;
 * theme.test.ts checks that both agree.
 */
export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';
export const NIGHT_STARTS_AT_HOUR = 18;
export const NIGHT_ENDS_AT_HOUR = 6;

export interface ThemeInputs {
  saved: string | null | undefined;
  /** true: system prefers dark; false/null: it doesn't (or says nothing). */
  systemPrefersDark: boolean | null | undefined;
  now: Date;
}

export function isNightTime(now: Date): boolean {
  const hour = now.getHours();
  return hour >= NIGHT_STARTS_AT_HOUR || hour < NIGHT_ENDS_AT_HOUR;
}

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

export function resolveTheme({ saved, systemPrefersDark, now }: ThemeInputs): Theme {
  if (isTheme(saved)) return saved;
  return systemPrefersDark === true || isNightTime(now) ? 'dark' : 'light';
}

export function readSavedTheme(): Theme | null {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function saveTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch (error) {
    logger.warn('Could not save the theme choice', error);
  }
}

export function systemPrefersDark(): boolean | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The theme currently applied to the document (set by the inline script on load). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** The decision used at start-up, from the real browser inputs. */
export function detectTheme(now = new Date()): Theme {
  return resolveTheme({ saved: readSavedTheme(), systemPrefersDark: systemPrefersDark(), now });
}
