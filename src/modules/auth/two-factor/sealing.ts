import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) of small secrets at rest, keyed from the app key.
 * Format: "v1." + base64url(iv[12] | tag[16] | ciphertext).
 */
const VERSION = 'v1';

function keyFor(appKey: string, purpose: string): Buffer {
  return createHash('sha256').update(`reelty:${purpose}:`).update(appKey).digest();
}

export function seal(plaintext: string, appKey: string, purpose = 'two-factor'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export class UnsealError extends Error {}

/**
 * Opens a sealed value with the first of `appKeys` that authenticates it (the current key, then
 * rotated-out ones, so a key rotation locks nobody out). Throws UnsealError when the value was
 * tampered with or sealed with a key that is no longer configured.
 */
export function unseal(sealed: string, appKeys: string | string[], purpose = 'two-factor'): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new UnsealError('Unknown sealed value format');
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < 28) throw new UnsealError('Sealed value is too short');
  for (const appKey of ([] as string[]).concat(appKeys)) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(appKey, purpose), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      // not sealed with this key: try the next one
    }
  }
  throw new UnsealError('The value was sealed with a key that is not configured (APP_KEY / APP_PREVIOUS_KEYS)');
}
