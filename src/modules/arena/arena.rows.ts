import type { LoggedVote } from './core';

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
