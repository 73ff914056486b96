import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signStripePayload } from '../../src/modules/commerce/payments/stripe-signature';

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
}

/**
 * A local server speaking the parts of Stripe's API commerce uses (Checkout Sessions, expire, refunds, with
 * Idempotency-Key) and sending signed webhooks to the app, so tests can deliver them late, twice or out of order.
 */
export class FakeStripe {
  readonly sessions = new Map<string, Session>();
  readonly refunds: Array<{ id: string; payment_intent: string; amount: number; key: string | undefined }> = [];
  readonly requests: string[] = [];
  private readonly idempotent = new Map<string, unknown>();
  private server!: Server;
  url = '';

  constructor(readonly webhookSecret = 'whsec_fake_secret') {}

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) =>
        void this.handle(req).then(([status, body]) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        }),
    );
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The buyer pays on Stripe's page. */
  complete(id: string): Session {
    const s = this.sessions.get(id)!;
    Object.assign(s, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_${randomBytes(8).toString('hex')}`,
    });
    return { ...s };
  }

  event(type: string, session: Session) {
    return { id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, data: { object: session } };
  }

  /** Posts an event to the app signed with the webhook secret (or another secret, to forge one). */
  async deliver(
    appUrl: string,
    event: object,
    secret = this.webhookSecret,
  ): Promise<{ status: number; body: unknown }> {
    const payload = JSON.stringify(event);
    const res = await fetch(`${appUrl}/webhooks/payments/stripe`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signStripePayload(payload, secret, Math.floor(Date.now() / 1000)),
      },
      body: payload,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    const body = new URLSearchParams(await readBody(req));
    this.requests.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== 'Bearer sk_test_fake') return [401, { error: { message: 'Invalid API key' } }];
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && this.idempotent.has(key)) return [200, this.idempotent.get(key)];
    const remember = (value: unknown): [number, unknown] => {
      if (key) this.idempotent.set(key, value);
      return [200, value];
    };
    const match = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/.exec(req.url ?? '');
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: Session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
        currency: body.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: body.get('client_reference_id'),
        payment_intent: null,
        metadata: { order_id: body.get('metadata[order_id]') ?? '' },
      };
      this.sessions.set(id, session);
      return remember(session);
    }
    if (match?.[1]) {
      const session = this.sessions.get(match[1]);
      if (!session) return [404, { error: { message: 'No such checkout session' } }];
      if (match[2]) {
        if (session.status !== 'open') return [400, { error: { message: 'Only open sessions can be expired' } }];
        session.status = 'expired';
      }
      return [200, session];
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      const refund = {
        id: `re_${randomBytes(8).toString('hex')}`,
        payment_intent: body.get('payment_intent') ?? '',
        amount: Number(body.get('amount')),
        key,
      };
      this.refunds.push(refund);
      return remember({ id: refund.id, object: 'refund', status: 'succeeded' });
    }
    return [404, { error: { message: 'Unknown route' } }];
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}
