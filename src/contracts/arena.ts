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

export type FlagKind = 'ip' | 'device' | 'new_accounts';
export type FlagState = 'open' | 'excluded' | 'dismissed';

/** A vote cluster for the admin review queue: many voters from one network, device or new accounts for one creator. */
export interface ArenaFlag {
  id: string;
  kind: FlagKind;
  /** The network address, device digest or (new accounts) the creator's id the cluster shares. */
  key: string;
  creator: ArenaCreator | null;
  battle_id: string | null;
  window_start: string | null;
  voters: number;
  votes: number;
  state: FlagState;
  reviewed_at: string | null;
  created_at: string;
}

export interface LobbyProps {
  season: ArenaSeason;
  categories: ArenaCategory[];
  my_entries: ArenaEntry[];
  live_battles: ArenaBattle[];
  board: Page<LeaderboardRow>;
}

// ---- squads and wars ------------------------------------------------------------------------------------------------

export type WarState = 'preparation' | 'battle' | 'closed';
export type WarSquadSide = 'home' | 'away';

export interface ArenaSquad {
  id: string;
  name: string;
  team_id: string | null;
  captain: ArenaCreator | null;
  members: ArenaCreator[];
  created_at: string;
}

/** One attack: an arena battle of the attacker's lineup entry (side a) against a target of the other squad. */
export interface WarAttack {
  id: string;
  squad: WarSquadSide;
  attacker: ArenaCreator | null;
  attacker_entry_id: string;
  target_entry_id: string;
  battle_id: string;
  live: boolean;
  votes_for: number;
  votes_against: number;
  votes_even: number;
  stars: number;
  percent: number;
  /** The best attack on its target (only those count). */
  counts: boolean;
  created_at: string;
}

export interface WarMember {
  user: ArenaCreator | null;
  squad: WarSquadSide;
  /** The member's lineup entry; hidden from the other squad and watchers until the battle phase. */
  entry: ArenaEntry | null;
  has_lineup: boolean;
  attacks_used: number;
  stars: number;
  percent: number;
}

export interface WarSide {
  squad: ArenaSquad;
  stars: number;
  percent: number;
}

export interface ArenaWar {
  id: string;
  season_id: string;
  category: ArenaCategory;
  state: WarState;
  attacks_per_member: number;
  prep_ends_at: string;
  battle_ends_at: string;
  closed_at: string | null;
  home: WarSide;
  away: WarSide;
  /** Set once the war is closed (the stored, immutable result). */
  winner: WarSquadSide | 'draw' | null;
  members: WarMember[];
  attacks: WarAttack[];
  my_squad: WarSquadSide | null;
}

/** `.war.state` on `presence-arena.war.{id}`: the watchers' view after a phase change, attack or vote. */
export interface WarStateEvent {
  war: ArenaWar;
}

/** `.war.lineup` on `private-arena.squad.{id}`: the squad's own lineup while it is still secret. */
export interface WarLineupEvent {
  war_id: string;
  lineup: Array<{ user_id: string; entry_id: string }>;
}

export type ChallengeState = 'pending' | 'accepted' | 'declined' | 'expired';

/** A squad's challenge to another: the war starts (in preparation) only when the other captain accepts. */
export interface WarChallenge {
  id: string;
  state: ChallengeState;
  category: ArenaCategory;
  challenger: { id: string; name: string };
  opponent: { id: string; name: string };
  prep_minutes: number;
  battle_minutes: number;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** The war an accepted challenge started. */
  war_id: string | null;
}

/** `.war.challenge` on both squads' `private-arena.squad.{id}`: a challenge made, accepted, declined or expired. */
export interface WarChallengeEvent {
  challenge: WarChallenge;
}

export interface WarSummary {
  id: string;
  category: ArenaCategory;
  state: WarState;
  home: { id: string; name: string; stars: number };
  away: { id: string; name: string; stars: number };
  winner: WarSquadSide | 'draw' | null;
  prep_ends_at: string;
  battle_ends_at: string;
}
