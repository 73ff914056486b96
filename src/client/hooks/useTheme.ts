import { useCallback, useSyncExternalStore } from 'react';
import { applyTheme, currentTheme, saveTheme, type Theme } from '@/lib/theme';

// The <html> class is the single source of truth; components subscribe to its changes.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies and saves a theme, then re-renders every `useTheme` consumer. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  saveTheme(theme);
  listeners.forEach((listener) => listener());
}

export function useTheme(): { theme: Theme; isDark: boolean; setTheme: (theme: Theme) => void; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'dark' as Theme);
  const toggle = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, isDark: theme === 'dark', setTheme, toggle };
}
