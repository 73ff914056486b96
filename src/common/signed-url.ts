import { createHmac, timingSafeEqual } from 'node:crypto';

/** Laravel-style temporary signed URLs: HMAC-SHA256 over the path and expiry with the app key. */
export function signPath(path: string, appKey: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const unsigned = `${path}?expires=${expires}`;
  return `${unsigned}&signature=${signature(unsigned, appKey)}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkSignedPath(
  path: string,
  expires: unknown,
  given: unknown,
  appKey: string,
  now = Date.now(),
): SignatureCheck {
  if (typeof expires !== 'string' || !/^\d+$/.test(expires) || typeof given !== 'string') return 'invalid';
  const expected = Buffer.from(signature(`${path}?expires=${expires}`, appKey));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'valid';
}

function signature(value: string, appKey: string): string {
  return createHmac('sha256', appKey).update(value).digest('hex');
}
