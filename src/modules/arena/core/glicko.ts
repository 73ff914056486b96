/**
 * Glicko-style rating deviation (RD): how unsure we are of a rating. It shrinks with every battle (Glicko-1's update
 * with q = ln 10 / 400) and grows with inactivity: RD' = min(RD_MAX, sqrt(RD^2 + C^2 * days idle)). C = 34.6 makes a
 * settled entry (RD 50) look new again (RD 350) after 100 idle days. Ranks are only published below RD_RANKED.
 */
export const RD_START = 350;
export const RD_MAX = 350;
export const RD_MIN = 30;
export const RD_GROWTH_PER_DAY = 34.6;
const Q = Math.LN10 / 400;
const DAY_MS = 86_400_000;

/** RD after `idleMs` without a battle (never above RD_MAX). */
export function rdAfterIdle(rd: number, idleMs: number): number {
  const days = Math.max(0, idleMs) / DAY_MS;
  return Math.min(RD_MAX, Math.sqrt(rd * rd + RD_GROWTH_PER_DAY ** 2 * days));
}

function g(rd: number): number {
  return 1 / Math.sqrt(1 + (3 * Q * Q * rd * rd) / (Math.PI * Math.PI));
}

/** RD after one battle against an opponent of rating `rOpp` and deviation `rdOpp` (never below RD_MIN). */
export function rdAfterBattle(r: number, rd: number, rOpp: number, rdOpp: number): number {
  const gj = g(rdOpp);
  const e = 1 / (1 + 10 ** ((-gj * (r - rOpp)) / 400));
  const d2 = 1 / (Q * Q * gj * gj * e * (1 - e));
  return Math.max(RD_MIN, Math.sqrt(1 / (1 / (rd * rd) + 1 / d2)));
}
