/** Wire shapes of the arena: seasons, entries, battles and votes, queue tickets, leaderboards, live events. */
import type { Page } from './common';

export const DESIGN_CATEGORIES = ['living_rooms', 'kitchens', 'bedrooms', 'bathrooms', 'exteriors'] as const;
export const SPOT_CATEGORIES = ['luxury_spots', 'starter_spots'] as const;
export const ARENA_CATEGORIES = [...DESIGN_CATEGORIES, ...SPOT_CATEGORIES] as const;
export type ArenaCategory = (typeof ARENA_CATEGORIES)[number];

export type EntryKind = 'design' | 'spot';
/** A vote as stored: side a or b of the battle won, a tie, or both bad. */
export type VoteOutcome = 'a' | 'b' | 'tie' | 'both_bad';
/** A vote as the voter casts it: the side they saw. */
export type VoteChoice = 'left' | 'right' | 'tie' | 'both_bad';
export type BattleState = 'in_battle' | 'completed';
export type TicketState = 'queued' | 'matched' | 'in_battle' | 'completed' | 'abandoned' | 'timeout';

export interface ArenaCreator {
  id: string;
  name: string;
  handle: string | null;
}

/** The nightly Bradley-Terry figures; ranks are ranges, shown only once the entry has enough battles. */
export interface ArenaFit {
  rating: number;
  lower: number;
  upper: number;
  rank_best: number | null;
  rank_worst: number | null;
}

export interface ArenaEntry {
  id: string;
  season_id: string;
  category: ArenaCategory;
  kind: EntryKind;
  title: string;
  image: string | null;
  link: string | null;
  creator: ArenaCreator | null;
  rating: number;
  rd: number;
  battles: number;
  fit: ArenaFit | null;
  created_at: string;
}

/** What a voter sees of one side before voting: the work only, no title or creator. */
export interface AnonymousEntry {
  image: string | null;
  link: string | null;
  kind: EntryKind;
}

export interface BattleCounts {
  total: number;
  left: number;
  right: number;
  tie: number;
  both_bad: number;
}

export interface ArenaBattle {
  id: string;
  season_id: string;
  category: ArenaCategory;
  mode: 'open' | 'live' | 'war';
  state: BattleState;
  opened_at: string;
  closes_at: string;
  left: AnonymousEntry;
  right: AnonymousEntry;
  /** Total for everyone; the split only once the viewer has voted, is in the battle, or the battle is over. */
  counts: BattleCounts;
  my_vote: VoteChoice | null;
  /** True when side a of the stored battle is on this viewer's left (lets the page map live a/b counts). */
  left_is_a: boolean | null;
  /** Identities, after the viewer's vote or the battle's end. */
  revealed: { left: ArenaEntry; right: ArenaEntry } | null;
  can_vote: boolean;
  cannot_vote_reason: string | null;
}

/** `.battle.votes` on `presence-arena.battle.{id}`: counts by stored side after each vote. */
export interface BattleVotesEvent {
  battle_id: string;
  total: number;
  a: number;
  b: number;
  tie: number;
  both_bad: number;
}

export interface ArenaSeason {
  id: string;
  name: string;
  state: 'active' | 'closed';
  starts_at: string;
  ends_at: string;
  fitted_at: string | null;
}

export interface LeaderboardRow {
  entry: ArenaEntry;
  position: number;
}

export interface CreatorBoardRow {
  creator: ArenaCreator | null;
  rating: number;
  rd: number;
  battles: number;
}

export interface ArenaTicket {
  id: string;
  entry: ArenaEntry;
  state: TicketState;
  category: ArenaCategory;
  queued_at: string;
  matched_at: string | null;
  ended_at: string | null;
  battle_id: string | null;
  /** 1-based place among the queued tickets of the category (oldest first); null once out of the queue. */
  position: number | null;
  window: number;
}

/** `.ticket.state` on the creator's private user channel. */
export interface TicketStateEvent {
  ticket: ArenaTicket;
}

export interface ArenaFlag {
  id: string;
  kind: 'ip' | 'device';
  battle_id: string;
  voters: number;
  votes: number;
  state: 'open' | 'excluded' | 'dismissed';
  created_at: string;
}

export interface LobbyProps {
  season: ArenaSeason;
  categories: ArenaCategory[];
  my_entries: ArenaEntry[];
  live_battles: ArenaBattle[];
  board: Page<LeaderboardRow>;
}
