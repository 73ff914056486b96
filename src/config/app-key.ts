import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where a development key lives when APP_KEY is not set (Laravel's key:generate, kept out of git under storage/). */
export const APP_KEY_FILE = 'app.key';

export interface AppKeys {
  /** Signs and seals everything new. */
  current: string;
  /** Keys rotated out (APP_PREVIOUS_KEYS): still accepted for reading sessions, signed links and sealed secrets. */
  previous: string[];
  source: 'environment' | 'storage' | 'generated' | 'ephemeral';
}

const MIN_LENGTH = 32;

/**
 * The application key: APP_KEY when set; in development a key generated once and kept in
 * `<storage>/app.key`, so sessions and two-factor secrets survive a restart; in tests without one,
 * a key for this process only. Production without APP_KEY is refused by the caller.
 */
export function resolveAppKeys(
  env: Record<string, string | undefined>,
  nodeEnv: 'development' | 'production' | 'test',
  storageDir: string,
): AppKeys {
  const previous = (env.APP_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const configured = env.APP_KEY?.trim();
  if (configured) return { current: configured, previous, source: 'environment' };
  if (nodeEnv !== 'development') return { current: randomBytes(32).toString('hex'), previous, source: 'ephemeral' };
  const file = join(storageDir, APP_KEY_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_LENGTH) return { current: stored, previous, source: 'storage' };
  }
  const generated = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { current: generated, previous, source: 'generated' };
}

/**
 * One secret per purpose, derived from a key (HMAC-SHA256), so a leaked derived secret (e.g. the
 * broadcast secret an operator hands to a publisher) reveals neither the key nor the other secrets.
 */
export function deriveSecret(
  appKey: string,
  purpose: 'session' | 'broadcast' | 'signed-url' | 'crm-intake' | 'crm-click',
): string {
  return createHmac('sha256', appKey).update(`reelty:${purpose}`).digest('base64url');
}

/** The current key first, then the previous ones: the order readers try them in. */
export function allKeys(keys: { appKey: string; previousAppKeys: string[] }): string[] {
  return [keys.appKey, ...keys.previousAppKeys];
}
