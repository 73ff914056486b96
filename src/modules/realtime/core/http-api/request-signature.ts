import { hmacSha256Hex, md5Hex, safeEqual } from '../crypto';

export interface SignedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  rawBody: Buffer;
}

/** Pusher HTTP API signatures are accepted within this many seconds of the server clock. */
const MAX_CLOCK_SKEW_SECONDS = 600;

/**
 * Verifies a Pusher HTTP API request: auth_key, auth_timestamp, auth_version 1.0,
 * body_md5 of the raw body, and auth_signature = HMAC-SHA256 over
 * "METHOD\nPATH\nsorted lower-cased query without auth_signature".
 * Returns an error message, or null when the request is authentic.
 */
export function verifyRequestSignature(
  request: SignedRequest,
  key: string,
  secret: string,
  now: number,
): string | null {
  const { query } = request;
  if (query.get('auth_key') !== key) return 'Unknown auth_key';
  if (query.get('auth_version') !== '1.0') return 'Unsupported auth_version';
  const timestamp = Number(query.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > MAX_CLOCK_SKEW_SECONDS)
    return 'Timestamp expired';
  if (request.rawBody.length > 0) {
    const bodyMd5 = query.get('body_md5');
    if (!bodyMd5 || !safeEqual(bodyMd5, md5Hex(request.rawBody))) return 'body_md5 does not match the body';
  }
  const signature = query.get('auth_signature') ?? '';
  const expected = hmacSha256Hex(secret, stringToSign(request));
  return safeEqual(signature, expected) ? null : 'Invalid auth_signature';
}

export function stringToSign(request: Pick<SignedRequest, 'method' | 'path' | 'query'>): string {
  const params = [...request.query.entries()]
    .filter(([name]) => name !== 'auth_signature')
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [request.method.toUpperCase(), request.path, params].join('\n');
}
