/**
 * Console logger whose level and on/off switch live in localStorage so they can
 * be changed in the browser without a deploy (spec 9: default level "warn").
 *
 *   localStorage.setItem('log_level', 'debug'); localStorage.setItem('log_enabled', 'false')
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_LEVEL_KEY = 'log_level';
export const LOG_ENABLED_KEY = 'log_enabled';
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed iframe)
  }
}

function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    /* a logger must never throw */
  }
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export function getLogLevel(): LogLevel {
  const saved = readStorage(LOG_LEVEL_KEY);
  return isLogLevel(saved) ? saved : DEFAULT_LOG_LEVEL;
}

export function setLogLevel(level: LogLevel): void {
  writeStorage(LOG_LEVEL_KEY, level);
}

export function isLoggingEnabled(): boolean {
  return readStorage(LOG_ENABLED_KEY) !== 'false';
}

export function setLoggingEnabled(enabled: boolean): void {
  writeStorage(LOG_ENABLED_KEY, String(enabled));
}

export function shouldLog(level: LogLevel): boolean {
  return isLoggingEnabled() && LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(getLogLevel());
}

function emit(level: LogLevel, args: unknown[]): void {
  // Settings are read on every call so a change in devtools applies at once.
  if (!shouldLog(level)) return;
  console[level]('[reelty]', ...args);
}

export const logger = {
  debug: (...args: unknown[]) => emit('debug', args),
  info: (...args: unknown[]) => emit('info', args),
  warn: (...args: unknown[]) => emit('warn', args),
  error: (...args: unknown[]) => emit('error', args),
};

/** Exposes the switches on `window.reeltyLogger` for support sessions. */
export function initLogger(): void {
  if (typeof window === 'undefined') return;
  (window as unknown as { reeltyLogger: unknown }).reeltyLogger = {
    ...logger,
    getLevel: getLogLevel,
    setLevel: setLogLevel,
    enable: () => setLoggingEnabled(true),
    disable: () => setLoggingEnabled(false),
  };
}
