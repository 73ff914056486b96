import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { CreateSessionInput, PaymentProvider, ProviderSession, VerifiedEvent } from './payment-provider';

interface LocalSessionRow {
  id: string;
  amount_minor: string;
  currency: string;
  client_reference_id: string;
  description: string;
  status: ProviderSession['status'];
  success_url: string;
  cancel_url: string;
}

/**
 * The test-mode provider: needs no outside service. It keeps its sessions in its own table (playing the provider's
 * records) and serves a hosted payment page at `/pay/local/<session>` where the buyer can succeed, fail or abandon.
 * A payment there reaches commerce through the same `fulfil(sessionId)` a Stripe webhook does.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  // Infrastructure: this driver plays an outside provider; its table is its own, not commerce's.
  constructor(private readonly db: DataSource) {}

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    // Idempotent like Stripe: the same key opens the same session (two tabs checking out one cart).
    const id = `cs_local_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 32)}`;
    await this.db.query(
      `INSERT INTO local_payment_sessions (id, amount_minor, currency, client_reference_id, description, success_url, cancel_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        id,
        input.amountMinor,
        input.currency,
        input.clientReferenceId,
        `Order ${input.orderNumber}`,
        input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        input.cancelUrl,
      ],
    );
    return (await this.retrieveSession(id))!;
  }

  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    const row = await this.row(sessionId);
    return row ? toSession(row) : null;
  }

  async expireSession(sessionId: string): Promise<ProviderSession | null> {
    await this.db.query(
      `UPDATE local_payment_sessions SET status = 'expired' WHERE id = $1 AND status IN ('open', 'failed')`,
      [sessionId],
    );
    return this.retrieveSession(sessionId);
  }

  async refund(input: { sessionId: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string }> {
    await this.db.query(
      `UPDATE local_payment_sessions SET refunded_minor = refunded_minor + $2 WHERE id = $1 AND refunded_minor + $2 <= amount_minor`,
      [input.sessionId, input.amountMinor],
    );
    return { id: `re_local_${input.idempotencyKey.replace(/-/g, '').slice(0, 24)}` };
  }

  verifyWebhook(): VerifiedEvent | null {
    return null; // the local provider calls fulfil directly from its hosted page; it sends no webhooks
  }

  /** The hosted page's view of a session (with where to send the buyer back). */
  async hostedSession(
    sessionId: string,
  ): Promise<(ProviderSession & { description: string; successUrl: string; cancelUrl: string }) | null> {
    const row = await this.row(sessionId);
    return row
      ? { ...toSession(row), description: row.description, successUrl: row.success_url, cancelUrl: row.cancel_url }
      : null;
  }

  /** The buyer's choice on the hosted page. Only an open (or failed, retried) session can move. */
  async settle(sessionId: string, outcome: 'succeed' | 'fail'): Promise<ProviderSession | null> {
    const next = outcome === 'succeed' ? 'paid' : 'failed';
    await this.db.query(
      `UPDATE local_payment_sessions SET status = $2 WHERE id = $1 AND status IN ('open', 'failed')`,
      [sessionId, next],
    );
    return this.retrieveSession(sessionId);
  }

  private async row(sessionId: string): Promise<LocalSessionRow | null> {
    const rows: LocalSessionRow[] = await this.db.query(`SELECT * FROM local_payment_sessions WHERE id = $1`, [
      sessionId,
    ]);
    return rows[0] ?? null;
  }
}

function toSession(row: LocalSessionRow): ProviderSession {
  return {
    id: row.id,
    url: `/pay/local/${row.id}`,
    status: row.status,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    clientReferenceId: row.client_reference_id,
    paymentId: row.status === 'paid' ? `pi_local_${row.id.slice(9)}` : null,
  };
}
