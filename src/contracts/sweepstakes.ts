/** Sweepstakes wire shapes: admin lifecycle, public landing, entries, the provably fair draw, winners and claims. */
import type { Page } from './common';

export type SweepstakesState = 'draft' | 'scheduled' | 'open' | 'closed' | 'drawing' | 'drawn' | 'void';

/** `free` is the no-purchase entry form; the others are bonus actions. Every entry weighs the same. */
export type EntrySource = 'free' | 'purchase' | 'referral' | 'share';
export type BonusSource = Exclude<EntrySource, 'free'>;

/** `standby` is an alternate not (yet) promoted. */
export type WinnerStatus = 'standby' | 'notified' | 'claimed' | 'fulfilled' | 'forfeited' | 'disqualified';

/** Why a picked person was passed over (fraud checks at the draw, or an admin's decision). */
/**
 * Why the freeze left a person out of the draw (eligibility checked again on the list it froze):
 * NO_FREE_ENTRY: only bonus entries, which count once the person enters free; RULES_NOT_ACCEPTED: no accepted
 * official rules on a free entry; UNDER_AGE / REGION: the free entry form's answers fail the rules at the close;
 * ACCOUNT_CLOSED: the account was suspended or deleted before the close.
 */
export type ExclusionReason = 'NO_FREE_ENTRY' | 'RULES_NOT_ACCEPTED' | 'UNDER_AGE' | 'REGION' | 'ACCOUNT_CLOSED';

export type DisqualifyReason =
  'EMAIL_VARIANT' | 'IP_BURST' | 'DEVICE_BURST' | 'ACCOUNT_AFTER_END' | 'INELIGIBLE' | 'ADMIN';

export interface SweepstakesPrize {
  name: string;
  description: string;
  retail_value_minor: number;
}

/** The official rules as written in the admin form; locked when the sweepstakes opens. */
export interface SweepstakesRules {
  min_age: number;
  /** ISO 3166 country or country-subdivision codes (e.g. `US`, `US-NY`, `CA`). */
  regions: string[];
  timezone: string;
  starts_at: string;
  ends_at: string;
  currency: string;
  prizes: SweepstakesPrize[];
  odds_statement: string;
  free_entry_method: string;
  claim_window_days: number;
  alternates: number;
  entry_period: 'once' | 'daily';
  /** Entries granted per bonus action (0 = the action gives none). */
  bonus_entries: Record<BonusSource, number>;
  /** At most this many share bonuses per entrant (new people entering through their link); absent: 10. */
  share_cap?: number;
}

export interface SweepstakesAmendment {
  id: string;
  effective_at: string;
  summary: string;
  changes: Partial<Pick<SweepstakesRules, 'ends_at' | 'odds_statement' | 'free_entry_method'>>;
}

export interface DrawStep {
  key: 'loaded' | 'deduplicated' | 'fraud_checks' | 'shuffled' | 'picked';
  label: string;
  done: boolean;
  detail: string | null;
}

/** Everything the public needs to recompute the draw. `seed` is null until the draw has run. */
export interface DrawPublication {
  algorithm: string;
  entrants_hash: string | null;
  seed_commitment: string | null;
  seed: string | null;
  beacon: string | null;
  entrant_count: number;
  entry_count: number;
  frozen_at: string | null;
  drawn_at: string | null;
  picks_requested: number;
  /** How many people the freeze left out of the list, by reason (counts only, never who); reasons with none omitted. */
  excluded: ExcludedCount[];
  /** The same counts in words: "2 excluded before the draw (1 bonus entries only, no free entry; 1 under ...)". */
  excluded_summary: string;
  /** Ordered picks (winners first, then alternates) by entrant ref, with disqualifications. */
  picks: Array<{ rank: number; ref: string; entries: number; disqualified: DisqualifyReason | null }>;
}

export interface PublicWinner {
  rank: number;
  /** First name and last initial only. */
  display_name: string;
  prize: string | null;
  status: WinnerStatus;
}

export interface SweepstakesSummary {
  id: string;
  title: string;
  summary: string;
  state: SweepstakesState;
  starts_at: string;
  ends_at: string;
  total_prize_value_minor: number;
  currency: string;
  entry_count: number;
}

export interface SweepstakesPublic extends SweepstakesSummary {
  rules: SweepstakesRules;
  amendments: SweepstakesAmendment[];
  draw: DrawPublication;
  winners: PublicWinner[];
}

/** The signed-in viewer's standing in one sweepstakes. */
export interface MyEntryStatus {
  /** Entries that count in the draw. */
  entries: number;
  /** Bonus entries waiting for the viewer's free entry (they count once it is made). */
  pending_entries: number;
  /** The viewer's personal share link code, once they have entered free. */
  share_code: string | null;
  /** Share bonuses earned so far, and the most the rules allow. */
  shares: { earned: number; cap: number };
  can_enter: boolean;
  /** Why not, when can_enter is false. */
  reason: string | null;
  entrant_ref: string;
  winner: { id: string; status: WinnerStatus; claim_deadline: string | null } | null;
}

export interface AdminWinner {
  id: string;
  rank: number;
  user: { id: string; name: string; email: string };
  entrant_ref: string;
  prize_index: number | null;
  prize: string | null;
  status: WinnerStatus;
  disqualify_reason: DisqualifyReason | null;
  notified_at: string | null;
  claim_deadline: string | null;
  claimed_at: string | null;
  fulfilled_at: string | null;
  tracking: string | null;
  tax_form_url: string | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  actor: string | null;
  detail: Record<string, unknown>;
  at: string;
}

export interface SweepstakesAdmin extends SweepstakesPublic {
  registration_required: boolean;
  registration: { registered_on: string; reference: string } | null;
  entry_sources: Record<EntrySource, number>;
  draw_steps: DrawStep[];
  admin_winners: AdminWinner[];
  audit: AuditEntry[];
  /** Who the freeze left out and why (from the close on). */
  exclusions: AdminExclusion[];
  created_at: string;
}

export interface ExcludedCount {
  reason: ExclusionReason;
  /** The reason in words ("Bonus entries only, no free entry"). */
  label: string;
  people: number;
}

export interface AdminExclusion {
  user: { id: string; name: string; email: string };
  reason: ExclusionReason;
  label: string;
  /** The bonus or free entries the person held (none of them reach the draw). */
  entries: number;
}

export interface AdminEntryRow {
  id: string;
  user: { id: string; name: string; email: string };
  source: EntrySource;
  source_ref: string | null;
  entries: number;
  /** False for a bonus entry waiting for the person's free entry. */
  counted: boolean;
  created_at: string;
}

export type SweepstakesPage = Page<SweepstakesSummary>;
export type AdminEntryPage = Page<AdminEntryRow>;

/** Create/edit form body. */
export interface SweepstakesInput {
  title: string;
  summary: string;
  rules: SweepstakesRules;
}

export interface ClaimState {
  sweepstakes: SweepstakesSummary;
  winner: AdminWinner;
  prize: SweepstakesPrize | null;
  tax_form_required: boolean;
}

export interface ClaimInput {
  full_name: string;
  line1: string;
  line2?: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  affidavit: boolean;
}

/** Live events: `.sweepstakes.entries` and `.sweepstakes.draw` on the private admin channel `admin.sweepstakes.{id}`,
 * `.sweepstakes.won` on the winner's own user channel. */
export interface EntryCountEvent {
  sweepstakes_id: string;
  entry_count: number;
  entrant_count: number;
}

export interface DrawProgressEvent {
  sweepstakes_id: string;
  state: SweepstakesState;
  steps: DrawStep[];
}

export interface WonEvent {
  sweepstakes_id: string;
  title: string;
  claim_url: string;
  claim_deadline: string;
}
