import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's webhook signature scheme: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signStripePayload(payload: string | Buffer, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(payload).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/** True when one v1 signature matches and the timestamp is within the tolerance of `nowSeconds`. */
export function verifyStripeSignature(
  payload: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header || !secret) return false;
  const parts = header.split(',').map((part) => part.trim().split('=', 2));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(timestamp) || !signatures.length) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signStripePayload(payload, secret, timestamp).split('v1=')[1], 'hex');
  return signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
