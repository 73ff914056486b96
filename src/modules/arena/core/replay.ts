import { ELO_START, eloUpdate, type VoteOutcome } from './elo';
import { RD_START, rdAfterBattle, rdAfterIdle } from './glicko';

/** One stored vote as the log keeps it: the two entries (or creators), the outcome and when it was cast. */
export interface LoggedVote {
  a: string;
  b: string;
  outcome: VoteOutcome;
  at: number;
}

export interface LiveRating {
  rating: number;
  rd: number;
  battles: number;
  last_at: number | null;
}

export function freshRating(): LiveRating {
  return { rating: ELO_START, rd: RD_START, battles: 0, last_at: null };
}

/**
 * Applies one vote to two live ratings (Elo for the rating, Glicko RD grown by idle time then shrunk by the battle).
 * The same function serves the live path and the replay, so replaying the log gives the stored ratings exactly.
 */
export function applyVote(a: LiveRating, b: LiveRating, outcome: VoteOutcome, at: number): [LiveRating, LiveRating] {
  const rdA = a.last_at === null ? a.rd : rdAfterIdle(a.rd, at - a.last_at);
  const rdB = b.last_at === null ? b.rd : rdAfterIdle(b.rd, at - b.last_at);
  const [ra, rb] = eloUpdate(a.rating, b.rating, outcome);
  return [
    { rating: ra, rd: rdAfterBattle(a.rating, rdA, b.rating, rdB), battles: a.battles + 1, last_at: at },
    { rating: rb, rd: rdAfterBattle(b.rating, rdB, a.rating, rdA), battles: b.battles + 1, last_at: at },
  ];
}

/** Replays a vote log in order from fresh ratings (or `start` ratings, e.g. after a season's soft reset). */
export function replayVotes(
  votes: readonly LoggedVote[],
  start = new Map<string, LiveRating>(),
): Map<string, LiveRating> {
  const ratings = new Map(start);
  for (const v of votes) {
    if (v.a === v.b) continue;
    const [a, b] = applyVote(ratings.get(v.a) ?? freshRating(), ratings.get(v.b) ?? freshRating(), v.outcome, v.at);
    ratings.set(v.a, a);
    ratings.set(v.b, b);
  }
  return ratings;
}
