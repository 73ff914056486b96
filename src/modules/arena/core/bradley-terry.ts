import { ELO_SCALE, ELO_START, scoreOfA, type VoteOutcome } from './elo';
import { randomFrom } from './prng';

/**
 * Bradley-Terry fit by Hunter's MM iterations: P(i beats j) = p_i / (p_i + p_j). Ties and "both bad" count half a
 * win each. Every entry also plays PRIOR_GAMES virtual games (half won) against an anchor of strength 1, which keeps
 * unbeaten or winless entries finite and pins the scale: rating = 1500 + 400 * log10(p), the anchor at 1500.
 * Bootstrap: the vote log is resampled with replacement from a seeded generator, refitted, and each entry's 2.5th and
 * 97.5th percentile ratings form its 95% interval, so the same log and seed always give the same intervals.
 */
export const PRIOR_GAMES = 1;
export const BOOTSTRAP_ROUNDS = 200;
const MAX_ITERATIONS = 2000;
const TOLERANCE = 1e-10;

export interface PairVote {
  a: string;
  b: string;
  outcome: VoteOutcome;
}

export interface BtRating {
  id: string;
  rating: number;
  lower: number;
  upper: number;
  /** Rank range from the intervals: best = 1 + entries surely above, worst = n - entries surely below. */
  rank_best: number;
  rank_worst: number;
  battles: number;
}

/** Ratings on the Elo scale for every entry that appears in `votes` (ids sorted, so the order is stable). */
export function fitBradleyTerry(votes: readonly PairVote[]): Map<string, number> {
  const ids = [...new Set(votes.flatMap((v) => [v.a, v.b]))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const wins = new Float64Array(n).fill(PRIOR_GAMES / 2);
  const games = new Map<number, Map<number, number>>();
  const addGame = (i: number, j: number) => {
    const row = games.get(i) ?? new Map<number, number>();
    row.set(j, (row.get(j) ?? 0) + 1);
    games.set(i, row);
  };
  for (const v of votes) {
    if (v.a === v.b) continue;
    const i = index.get(v.a)!;
    const j = index.get(v.b)!;
    const s = scoreOfA(v.outcome);
    wins[i] += s;
    wins[j] += 1 - s;
    addGame(i, j);
    addGame(j, i);
  }
  let p = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Float64Array(n);
    let change = 0;
    for (let i = 0; i < n; i++) {
      let denominator = PRIOR_GAMES / (p[i] + 1);
      for (const [j, count] of games.get(i) ?? []) denominator += count / (p[i] + p[j]);
      next[i] = wins[i] / denominator;
      change = Math.max(change, Math.abs(Math.log(next[i] / p[i])));
    }
    p = next;
    if (change < TOLERANCE) break;
  }
  return new Map(ids.map((id, i) => [id, ELO_START + ELO_SCALE * Math.log10(p[i])]));
}

function percentile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** The fit with bootstrapped 95% intervals and rank ranges; `seed` makes the resamples reproducible. */
export function fitWithIntervals(votes: readonly PairVote[], seed: string, rounds = BOOTSTRAP_ROUNDS): BtRating[] {
  const point = fitBradleyTerry(votes);
  const samples = new Map<string, number[]>([...point.keys()].map((id) => [id, []]));
  const random = randomFrom(`bootstrap:${seed}`);
  for (let round = 0; round < rounds && votes.length > 0; round++) {
    const resample = Array.from({ length: votes.length }, () => votes[Math.floor(random() * votes.length)]);
    const fit = fitBradleyTerry(resample);
    // An entry absent from a resample keeps its prior (the anchor's 1500) for that round.
    for (const [id, list] of samples) list.push(fit.get(id) ?? ELO_START);
  }
  const battles = new Map<string, number>();
  for (const v of votes) for (const id of [v.a, v.b]) battles.set(id, (battles.get(id) ?? 0) + 1);
  const rows = [...point.entries()].map(([id, rating]) => {
    const sorted = samples.get(id)!.sort((x, y) => x - y);
    const lower = sorted.length ? Math.min(rating, percentile(sorted, 0.025)) : rating;
    const upper = sorted.length ? Math.max(rating, percentile(sorted, 0.975)) : rating;
    return { id, rating, lower, upper, rank_best: 0, rank_worst: 0, battles: battles.get(id) ?? 0 };
  });
  for (const row of rows) {
    row.rank_best = 1 + rows.filter((o) => o.lower > row.upper).length;
    row.rank_worst = rows.length - rows.filter((o) => o.upper < row.lower).length;
  }
  return rows.sort((x, y) => y.rating - x.rating || x.id.localeCompare(y.id));
}
