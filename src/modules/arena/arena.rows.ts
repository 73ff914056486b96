import type { LiveRating, LoggedVote } from './core';

/** An entry's or creator's rating as the repository stores it. */
export interface RatingState {
  rating: number;
  rd: number;
  battles: number;
  lastBattleAt: Date | null;
}

/** One vote of the log, with both entries' creators (the replay's input). */
export interface LogRow extends LoggedVote {
  id: string;
  creator_a: string;
  creator_b: string;
}

/** A stored rating as the rating core takes it. */
export const liveRating = (r: RatingState): LiveRating => ({
  rating: r.rating,
  rd: r.rd,
  battles: r.battles,
  last_at: r.lastBattleAt?.getTime() ?? null,
});

/** The rating core's answer as the repository stores it. */
export const storedRating = (r: LiveRating): RatingState => ({
  rating: r.rating,
  rd: r.rd,
  battles: r.battles,
  lastBattleAt: r.last_at === null ? null : new Date(r.last_at),
});
