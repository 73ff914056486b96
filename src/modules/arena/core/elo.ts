/**
 * Live Elo. Every entry starts at 1500. After a vote the winner takes K * (1 - expected) from the loser, where
 * expected = 1 / (1 + 10^((Rb - Ra) / 400)). K = 32: a new entry moves fast (an upset between equals moves each side
 * by 16 points), which suits short seasons of a few dozen battles; the nightly Bradley-Terry fit is the stable figure.
 * A tie and "both bad" both score 0.5 for each side (no information about which is better, as LMArena counts them).
 */
export const ELO_START = 1500;
export const ELO_K = 32;
export const ELO_SCALE = 400;

export type VoteOutcome = 'a' | 'b' | 'tie' | 'both_bad';

export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / ELO_SCALE));
}

/** Score of side A: 1 win, 0 loss, 0.5 tie or both bad. */
export function scoreOfA(outcome: VoteOutcome): number {
  return outcome === 'a' ? 1 : outcome === 'b' ? 0 : 0.5;
}

/** New ratings of A and B after one vote (zero-sum: what A gains B loses). */
export function eloUpdate(ra: number, rb: number, outcome: VoteOutcome, k = ELO_K): [number, number] {
  const delta = k * (scoreOfA(outcome) - expectedScore(ra, rb));
  return [ra + delta, rb - delta];
}
