import { type Env, int } from './env';

/** Sweepstakes settings, read from the environment once at start (fails fast on nonsense). */
export interface SweepstakesConfig {
  /** Total prize value (minor units) above which the regions below require a registration before opening. */
  registrationThresholdMinor: number;
  /** Regions whose law asks a sweepstakes above the threshold to be registered (and bonded) beforehand. */
  registrationRegions: string[];
  /** Prize value (minor units) from which the winner must send a tax form before the prize is released. */
  taxFormThresholdMinor: number;
  /** Fraud check: more than this many different people entering from one IP or device within the window. */
  burstPeople: number;
  burstWindowMs: number;
  taxFormMaxBytes: number;
}

export const SWEEPSTAKES_CONFIG = Symbol('SWEEPSTAKES_CONFIG');

export function loadSweepstakesConfig(env: Env): SweepstakesConfig {
  return {
    registrationThresholdMinor: int(env, 'SWEEPSTAKES_REGISTRATION_THRESHOLD_MINOR', 500_000),
    registrationRegions: (env.SWEEPSTAKES_REGISTRATION_REGIONS ?? 'US-NY,US-FL')
      .split(',')
      .map((r) => r.trim().toUpperCase())
      .filter(Boolean),
    taxFormThresholdMinor: int(env, 'SWEEPSTAKES_TAX_FORM_THRESHOLD_MINOR', 60_000),
    burstPeople: int(env, 'SWEEPSTAKES_BURST_PEOPLE', 5),
    burstWindowMs: int(env, 'SWEEPSTAKES_BURST_WINDOW_MS', 10 * 60_000),
    taxFormMaxBytes: int(env, 'SWEEPSTAKES_TAX_FORM_MAX_BYTES', 10 * 1024 * 1024),
  };
}
