import { type Env, int } from './env';

export const DEFAULT_WELCOME_CREDITS = 10;

/** The image-credit ledger's settings, read once at start. */
export interface CreditsConfig {
  /** WELCOME_CREDITS: image credits a newly verified account receives (0 turns the grant off). */
  welcomeCredits: number;
}

export function loadCreditsConfig(env: Env): CreditsConfig {
  return { welcomeCredits: welcomeCreditsFromEnv(env) };
}

export function welcomeCreditsFromEnv(env: Env): number {
  return int(env, 'WELCOME_CREDITS', DEFAULT_WELCOME_CREDITS, 0, 10_000);
}
