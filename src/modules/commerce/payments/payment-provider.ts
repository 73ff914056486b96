/**
 * What commerce needs from a payment provider. Two drivers: `local` (test mode, the default: its own hosted page
 * that can succeed, fail or be abandoned) and `stripe` (Checkout Sessions over HTTP, signed webhooks).
 */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export interface CreateSessionInput {
  orderId: string;
  orderNumber: string;
  amountMinor: number;
  currency: string;
  email: string;
  /** Carries the order and the affiliate referral: `<orderId>` or `<orderId>:<referralCode>`. */
  clientReferenceId: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Sent to the provider so a retried create returns the same session. */
  idempotencyKey: string;
}

export type ProviderSessionStatus = 'open' | 'paid' | 'failed' | 'expired';

export interface ProviderSession {
  id: string;
  url: string;
  status: ProviderSessionStatus;
  amountMinor: number;
  currency: string;
  clientReferenceId: string | null;
  /** The provider's payment reference (Stripe payment_intent), used for refunds. */
  paymentId: string | null;
}

/** A provider event after its signature was checked. */
export interface VerifiedEvent {
  id: string;
  type: string;
  session: ProviderSession | null;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Closes an open session so it can no longer be paid; answers the session as it now stands. */
  expireSession(sessionId: string): Promise<ProviderSession | null>;
  refund(input: { paymentId: string; sessionId: string; amountMinor: number; idempotencyKey: string }): Promise<{
    id: string;
  }>;
  /** Checks the signature over the raw body; null when forged, stale or malformed. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): VerifiedEvent | null;
}

export class PaymentProviderError extends Error {}

/** `client_reference_id` ↔ order id and affiliate referral code. */
export function clientReference(orderId: string, referralCode: string | null): string {
  return referralCode ? `${orderId}:${referralCode}` : orderId;
}

export function parseClientReference(value: string | null): { orderId: string | null; referralCode: string | null } {
  if (!value) return { orderId: null, referralCode: null };
  const [orderId, referralCode] = value.split(':', 2);
  return { orderId, referralCode: referralCode || null };
}
