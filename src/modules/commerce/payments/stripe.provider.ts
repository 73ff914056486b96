import type { Clock } from '../../../common/clock';
import {
  PaymentProviderError,
  type CreateSessionInput,
  type PaymentProvider,
  type ProviderSession,
  type VerifiedEvent,
} from './payment-provider';
import { verifyStripeSignature } from './stripe-signature';

interface StripeSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  payment_intent: string | null;
}

/**
 * A Stripe-compatible driver: Checkout Sessions created over the HTTP API (form-encoded, Bearer secret key,
 * Idempotency-Key), webhooks verified with the Stripe-Signature scheme. `STRIPE_API_BASE` points it at Stripe or at
 * any server speaking the same API (the tests run one locally).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly settings: { apiBase: string; secretKey: string; webhookSecret: string },
    private readonly clock: Clock,
  ) {}

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const form = new URLSearchParams({
      mode: 'payment',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      customer_email: input.email,
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': input.currency.toLowerCase(),
      'line_items[0][price_data][unit_amount]': String(input.amountMinor),
      'line_items[0][price_data][product_data][name]': `Order ${input.orderNumber}`,
      'metadata[order_id]': input.orderId,
    });
    const session = await this.call<StripeSession>('POST', '/v1/checkout/sessions', form, input.idempotencyKey);
    return toSession(session!);
  }

  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    const session = await this.call<StripeSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
    return session ? toSession(session) : null;
  }

  async expireSession(sessionId: string): Promise<ProviderSession | null> {
    const path = `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`;
    // Stripe refuses to expire a session that is no longer open; the current state is then what we need.
    const expired = await this.call<StripeSession>('POST', `${path}/expire`, new URLSearchParams(), undefined, true);
    return expired ? toSession(expired) : this.retrieveSession(sessionId);
  }

  async refund(input: { paymentId: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string }> {
    const form = new URLSearchParams({ payment_intent: input.paymentId, amount: String(input.amountMinor) });
    const refund = await this.call<{ id: string }>('POST', '/v1/refunds', form, input.idempotencyKey);
    return { id: refund!.id };
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): VerifiedEvent | null {
    const now = Math.floor(this.clock.nowMs() / 1000);
    if (!verifyStripeSignature(rawBody, signatureHeader, this.settings.webhookSecret, now)) return null;
    try {
      const event = JSON.parse(rawBody.toString('utf8')) as {
        id?: string;
        type?: string;
        data?: { object?: StripeSession };
      };
      if (typeof event.id !== 'string' || typeof event.type !== 'string') return null;
      const object = event.data?.object;
      const session = object?.id?.startsWith('cs_') ? toSession(object, event.type) : null;
      return { id: event.id, type: event.type, session };
    } catch {
      return null;
    }
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    form?: URLSearchParams,
    idempotencyKey?: string,
    soft = false,
  ): Promise<T | null> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.settings.secretKey}` };
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${this.settings.apiBase}${path}`, {
        method,
        headers,
        body: method === 'POST' ? form?.toString() : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`The payment provider could not be reached: ${(error as Error).message}`);
    }
    if (res.status === 404 || (soft && res.status === 400)) return null;
    const body = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!res.ok) throw new PaymentProviderError(body.error?.message ?? `The payment provider answered ${res.status}`);
    return body;
  }
}

function toSession(s: StripeSession, eventType?: string): ProviderSession {
  const paid = s.status === 'complete' && s.payment_status !== 'unpaid';
  const status: ProviderSession['status'] =
    eventType === 'checkout.session.async_payment_failed'
      ? 'failed'
      : paid
        ? 'paid'
        : s.status === 'expired'
          ? 'expired'
          : 'open';
  return {
    id: s.id,
    url: s.url ?? '',
    status,
    amountMinor: s.amount_total,
    currency: s.currency.toUpperCase(),
    clientReferenceId: s.client_reference_id,
    paymentId: s.payment_intent,
  };
}
