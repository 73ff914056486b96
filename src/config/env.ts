/**
 * Parsers for environment settings, shared by every config loader in src/config. Each one turns a bad value into a
 * ConfigError with one sentence naming the setting, so the app stops at start instead of misbehaving later.
 */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

export function optional(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
}

export function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** A decimal number of at least 0 (prices per call, rates). */
export function num(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new ConfigError(`${name} must be a number of at least 0, got "${raw}"`);
  return value;
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = str(env, name, fallback);
  if (!allowed.includes(value as T))
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const value = optional(env, name) ?? fallback;
  if (value === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${value}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return value;
}

export const trimSlash = (value: string) => value.replace(/\/+$/, '');
