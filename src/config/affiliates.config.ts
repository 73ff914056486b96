import { ConfigError, type Env, int, optional } from './env';

/** The affiliate programme's terms and payout drivers, read once at start (fails fast like loadConfig). */
export interface AffiliatesConfig {
  currency: string;
  /** A click attributes purchases for this many days; the last click within it wins. */
  attributionDays: number;
  /** Commissions stay pending through the refund window, then become payable. */
  holdDays: number;
  /** Second-tier override: this share (basis points) of a recruit's approved commission goes to the recruiter. */
  overrideBps: number;
  minimumPayoutMinor: number;
  /** Yearly paid total above which payouts wait for an approved tax form. */
  taxThresholdMinor: number;
  /** Day of the month payout batches are run (shown as the next payout date). */
  payoutDay: number;
  paypal: { baseUrl: string | null; clientId: string | null; secret: string | null };
  crypto: { baseUrl: string | null; apiKey: string | null };
}

export const AFFILIATES_CONFIG = Symbol('AFFILIATES_CONFIG');

export function loadAffiliatesConfig(env: Env): AffiliatesConfig {
  const currency = (env.AFFILIATE_CURRENCY || 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new ConfigError(`AFFILIATE_CURRENCY must be an ISO 4217 code, got "${currency}"`);
  return {
    currency,
    attributionDays: int(env, 'AFFILIATE_ATTRIBUTION_DAYS', 60, 1, 365),
    holdDays: int(env, 'AFFILIATE_HOLD_DAYS', 30, 0, 365),
    overrideBps: int(env, 'AFFILIATE_OVERRIDE_BPS', 1000, 0, 10_000),
    minimumPayoutMinor: int(env, 'AFFILIATE_MINIMUM_PAYOUT_MINOR', 5000, 0, 100_000_000),
    taxThresholdMinor: int(env, 'AFFILIATE_TAX_THRESHOLD_MINOR', 60_000, 0, 1_000_000_000),
    payoutDay: int(env, 'AFFILIATE_PAYOUT_DAY', 15, 1, 28),
    paypal: {
      baseUrl: optional(env, 'PAYPAL_PAYOUTS_URL'),
      clientId: optional(env, 'PAYPAL_CLIENT_ID'),
      secret: optional(env, 'PAYPAL_CLIENT_SECRET'),
    },
    crypto: { baseUrl: optional(env, 'CRYPTO_PAYOUTS_URL'), apiKey: optional(env, 'CRYPTO_PAYOUTS_API_KEY') },
  };
}
