import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed request's timestamp may be from now (either way) before it is refused as a replay. */
export const REPLAY_WINDOW_SECONDS = 300;

/** One book's intake secret: derived from the app's intake secret and the team id, so each realtor has their own. */
export function bookSecret(intakeSecret: string, teamId: string): string {
  return createHmac('sha256', intakeSecret).update(`crm-intake:${teamId}`).digest('base64url');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` */
export function signIntake(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'early' | 'mismatch';

/** How old a signature may be: by default the replay window either way. */
export interface SignatureWindow {
  maxAgeSeconds: number;
  /** Younger signatures are `early` (a form sent faster than a person can fill it); negative allows clock skew. */
  minAgeSeconds: number;
}

/** Checks the header against each candidate secret (current and previous keys) and the replay window. */
export function verifyIntake(
  header: string | undefined,
  body: string,
  secrets: string[],
  nowMs: number,
  window: SignatureWindow = { maxAgeSeconds: REPLAY_WINDOW_SECONDS, minAgeSeconds: -REPLAY_WINDOW_SECONDS },
): SignatureCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  const age = nowMs / 1000 - timestamp;
  if (age > window.maxAgeSeconds) return 'stale';
  if (age < window.minAgeSeconds) return window.minAgeSeconds < 0 ? 'stale' : 'early';
  const given = Buffer.from(match[2], 'hex');
  for (const secret of secrets) {
    const expected = Buffer.from(signIntake(secret, timestamp, body).split('v1=')[1], 'hex');
    if (timingSafeEqual(given, expected)) return 'ok';
  }
  return 'mismatch';
}
