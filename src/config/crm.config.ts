import { type Env, int } from './env';

/** The platform's share of a lead sold for money on the marketplace, in basis points (1,500 = 15%). */
export const DEFAULT_CRM_MARKET_FEE_BPS = 1500;

/** The CRM's settings, read once at start. */
export interface CrmConfig {
  /** CRM_MARKET_FEE_BPS: the platform fee kept from a money sale of a lead; the seller is owed the rest. */
  marketFeeBps: number;
}

export function loadCrmConfig(env: Env): CrmConfig {
  return { marketFeeBps: int(env, 'CRM_MARKET_FEE_BPS', DEFAULT_CRM_MARKET_FEE_BPS, 0, 10_000) };
}
