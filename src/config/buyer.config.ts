import type { MortgageDefaults } from '../contracts/market';
import { ConfigError, Env } from './env';

/** Buyer-side settings (AppConfig.buyer). */
export interface BuyerConfig {
  /** Keyed by market: "US-TX" (country and state), "US" (country) or "default". */
  mortgageDefaults: Record<string, MortgageDefaults>;
}

export const BASE_MORTGAGE_DEFAULTS: MortgageDefaults = {
  down_payment_pct: 20,
  rate_pct: 6.5,
  term_years: 30,
  property_tax_pct: 1.1,
  insurance_per_year: 1500,
  hoa_per_month: 0,
};

const LIMITS: Record<keyof MortgageDefaults, [number, number]> = {
  down_payment_pct: [0, 100],
  rate_pct: [0, 30],
  term_years: [1, 50],
  property_tax_pct: [0, 10],
  insurance_per_year: [0, 1_000_000],
  hoa_per_month: [0, 100_000],
};

/**
 * MORTGAGE_DEFAULTS: JSON of markets to partial defaults, e.g. {"US-TX":{"property_tax_pct":1.8},"GB":{"rate_pct":4.5}};
 * each market fills the rest from "default" (itself filled from the built-in defaults).
 */
export function loadBuyerConfig(env: Env): BuyerConfig {
  const raw = env.MORTGAGE_DEFAULTS?.trim();
  let given: Record<string, Partial<MortgageDefaults>> = {};
  if (raw) {
    try {
      given = JSON.parse(raw);
    } catch {
      throw new ConfigError('MORTGAGE_DEFAULTS must be JSON like {"US-TX":{"property_tax_pct":1.8}}.');
    }
    if (typeof given !== 'object' || given === null || Array.isArray(given))
      throw new ConfigError('MORTGAGE_DEFAULTS must be a JSON object of markets.');
  }
  const check = (market: string, d: Partial<MortgageDefaults>) => {
    for (const [key, value] of Object.entries(d)) {
      const limit = LIMITS[key as keyof MortgageDefaults];
      if (!limit) throw new ConfigError(`MORTGAGE_DEFAULTS.${market}: unknown setting "${key}".`);
      if (typeof value !== 'number' || value < limit[0] || value > limit[1])
        throw new ConfigError(`MORTGAGE_DEFAULTS.${market}.${key} must be a number from ${limit[0]} to ${limit[1]}.`);
    }
  };
  const base = { ...BASE_MORTGAGE_DEFAULTS, ...(given.default ?? {}) };
  check('default', given.default ?? {});
  const mortgageDefaults: Record<string, MortgageDefaults> = { default: base };
  for (const [market, d] of Object.entries(given)) {
    if (market === 'default') continue;
    if (!/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(market))
      throw new ConfigError(`MORTGAGE_DEFAULTS: "${market}" is not a market like "US" or "US-TX".`);
    check(market, d ?? {});
    mortgageDefaults[market] = { ...base, ...d };
  }
  return { mortgageDefaults };
}

/** The defaults for a property's market: country and state, then country, then the default. */
export function mortgageDefaultsFor(
  config: BuyerConfig,
  countryCode: string | null,
  state: string | null,
): MortgageDefaults {
  const cc = countryCode?.toUpperCase();
  const st = state?.trim().toUpperCase();
  return (
    (cc && st ? config.mortgageDefaults[`${cc}-${st}`] : undefined) ??
    (cc ? config.mortgageDefaults[cc] : undefined) ??
    config.mortgageDefaults.default
  );
}
