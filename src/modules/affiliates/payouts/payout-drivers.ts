import type { AffiliatesConfig } from '../../../config/affiliates.config';
import type { PayoutMethod } from '../../../contracts/affiliates';

export interface Transfer {
  /** Sent to the provider on every attempt: a re-run of the same transfer never pays twice. */
  idempotencyKey: string;
  amountMinor: number;
  currency: string;
  destination: string | null;
  payoutId: string;
}

/** A transfer the provider refused; the balance goes back to the affiliate with this reason. */
export class TransferFailed extends Error {}

/** A transfer the provider took: paid, or (a bank transfer by hand) waiting for an admin to confirm the bank paid. */
export interface TransferTaken {
  reference: string;
  awaitsBankConfirmation?: boolean;
}

export interface PayoutDriver {
  send(transfer: Transfer): Promise<TransferTaken>;
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

/**
 * Bank transfers by hand: the payout goes into the batch's CSV export for the bank and waits there; it is paid when
 * an admin confirms the bank paid it (or returned when the bank sent it back).
 */
export class ManualDriver implements PayoutDriver {
  async send(transfer: Transfer): Promise<TransferTaken> {
    return { reference: `manual-${transfer.payoutId.slice(0, 8)}`, awaitsBankConfirmation: true };
  }
}

/** PayPal Payouts API: OAuth client credentials, then one payout batch per transfer keyed by PayPal-Request-Id. */
export class PaypalDriver implements PayoutDriver {
  constructor(private readonly config: AffiliatesConfig['paypal']) {}

  /** The OAuth token, reused until a minute before it expires (one token call per batch, not per transfer). */
  private token: { value: string; until: number } | null = null;

  private async accessToken(baseUrl: string, clientId: string, secret: string): Promise<string> {
    if (this.token && this.token.until > performance.now()) return this.token.value;
    const auth = await fetch(`${baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!auth.ok) throw new TransferFailed(`PayPal refused the credentials (${auth.status}).`);
    const { access_token, expires_in = 300 } = (await auth.json()) as { access_token: string; expires_in?: number };
    this.token = { value: access_token, until: performance.now() + Math.max(0, expires_in - 60) * 1000 };
    return access_token;
  }

  async send(transfer: Transfer) {
    const { baseUrl, clientId, secret } = this.config;
    if (!baseUrl || !clientId || !secret) throw new TransferFailed('PayPal payouts are not configured.');
    const access_token = await this.accessToken(baseUrl, clientId, secret);
    const res = await fetch(`${baseUrl}/v1/payments/payouts`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${access_token}`,
        'Content-Type': 'application/json',
        'PayPal-Request-Id': transfer.idempotencyKey,
      },
      body: JSON.stringify({
        sender_batch_header: {
          sender_batch_id: transfer.idempotencyKey,
          email_subject: 'Your Reelty affiliate payout',
        },
        items: [
          {
            recipient_type: 'EMAIL',
            receiver: transfer.destination,
            sender_item_id: transfer.payoutId,
            amount: { value: decimal(transfer.amountMinor), currency: transfer.currency },
          },
        ],
      }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      batch_header?: { payout_batch_id?: string };
      message?: string;
    };
    if (!res.ok) throw new TransferFailed(body.message ?? `PayPal answered ${res.status}.`);
    return { reference: body.batch_header?.payout_batch_id ?? 'paypal' };
  }
}

/** USDC transfers through a custody API (`POST /v1/transfers`, Idempotency-Key header). */
export class CryptoDriver implements PayoutDriver {
  constructor(private readonly config: AffiliatesConfig['crypto']) {}

  async send(transfer: Transfer) {
    const { baseUrl, apiKey } = this.config;
    if (!baseUrl || !apiKey) throw new TransferFailed('Crypto payouts are not configured.');
    const res = await fetch(`${baseUrl}/v1/transfers`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': transfer.idempotencyKey,
      },
      body: JSON.stringify({
        asset: 'USDC',
        to: transfer.destination,
        amount: decimal(transfer.amountMinor),
        currency: transfer.currency,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string; error?: string };
    if (!res.ok) throw new TransferFailed(body.error ?? `The custody service answered ${res.status}.`);
    return { reference: body.id ?? 'transfer' };
  }
}

/**
 * The methods that can pay in this setup: bank transfer always, PayPal and USDC once their providers are configured.
 * Only these are offered at sign-up and in the payout settings, and only these are accepted.
 */
export function offeredPayoutMethods(config: AffiliatesConfig): PayoutMethod[] {
  const { paypal, crypto } = config;
  return [
    'manual',
    ...(paypal.baseUrl && paypal.clientId && paypal.secret ? (['paypal'] as const) : []),
    ...(crypto.baseUrl && crypto.apiKey ? (['crypto'] as const) : []),
  ];
}

export function payoutDrivers(config: AffiliatesConfig): Record<PayoutMethod, PayoutDriver> {
  return {
    manual: new ManualDriver(),
    paypal: new PaypalDriver(config.paypal),
    crypto: new CryptoDriver(config.crypto),
  };
}
