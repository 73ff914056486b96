import type {
  AnonymousEntry,
  ArenaBattle as ArenaBattleJson,
  ArenaCreator,
  ArenaEntry as ArenaEntryJson,
  ArenaFlag as ArenaFlagJson,
  ArenaSeason as ArenaSeasonJson,
  ArenaTicket as ArenaTicketJson,
  BattleCounts,
  BattleVotesEvent,
  VoteChoice,
  VoteOutcome,
} from '../../contracts/arena';
import type { User } from '../users';
import { RANKED_MIN_BATTLES } from './arena.constants';
import { firstOnLeft } from './core';
import type { ArenaBattle, ArenaEntry, ArenaFlag, ArenaSeason, ArenaTicket } from './entities/arena.entity';
import { iso } from '../../common/iso';

const round1 = (n: number) => Math.round(n * 10) / 10;

export function toCreatorJson(user: User | undefined): ArenaCreator | null {
  return user ? { id: user.id, name: user.name, handle: user.handle ?? null } : null;
}

export function toEntryJson(e: ArenaEntry, creator: User | undefined): ArenaEntryJson {
  const ranked = e.battles >= RANKED_MIN_BATTLES && e.rankBest !== null;
  return {
    id: e.id,
    season_id: e.seasonId,
    category: e.category,
    kind: e.kind,
    title: e.title,
    image: e.image,
    link: e.link,
    creator: toCreatorJson(creator),
    rating: Math.round(e.rating),
    rd: Math.round(e.rd),
    battles: e.battles,
    fit:
      e.btRating === null
        ? null
        : {
            rating: round1(e.btRating),
            lower: round1(e.btLower ?? e.btRating),
            upper: round1(e.btUpper ?? e.btRating),
            rank_best: ranked ? e.rankBest : null,
            rank_worst: ranked ? e.rankWorst : null,
          },
    created_at: iso(e.createdAt),
  };
}

export function toSeasonJson(s: ArenaSeason): ArenaSeasonJson {
  return {
    id: s.id,
    name: s.name,
    state: s.state,
    starts_at: iso(s.startsAt),
    ends_at: iso(s.endsAt),
    fitted_at: iso(s.fittedAt),
  };
}

/** A side before the reveal: the picture through the arena (its media key names the creator), no link. */
function toAnonymous(battleId: string, side: 'left' | 'right', e: ArenaEntry): AnonymousEntry {
  return { image: e.image ? `/api/arena/battles/${battleId}/sides/${side}/image` : null, link: null, kind: e.kind };
}

/** Whether side a is on this viewer's left: from the battle's stored seed and the viewer, so it never changes. */
export function leftIsA(battle: Pick<ArenaBattle, 'seed'>, viewerId: string | null): boolean {
  return firstOnLeft(`${battle.seed}:${viewerId ?? 'guest'}`);
}

export function outcomeOf(choice: VoteChoice, aOnLeft: boolean): VoteOutcome {
  if (choice === 'left') return aOnLeft ? 'a' : 'b';
  if (choice === 'right') return aOnLeft ? 'b' : 'a';
  return choice;
}

export function choiceOf(outcome: VoteOutcome, aOnLeft: boolean): VoteChoice {
  if (outcome === 'a') return aOnLeft ? 'left' : 'right';
  if (outcome === 'b') return aOnLeft ? 'right' : 'left';
  return outcome;
}

export function toVotesEvent(b: ArenaBattle): BattleVotesEvent {
  return {
    battle_id: b.id,
    total: b.votesA + b.votesB + b.votesTie + b.votesBothBad,
    a: b.votesA,
    b: b.votesB,
    tie: b.votesTie,
    both_bad: b.votesBothBad,
  };
}

export interface BattleView {
  battle: ArenaBattle;
  a: ArenaEntry;
  b: ArenaEntry;
  creators: Map<string, User>;
  viewerId: string | null;
  myVote: VoteOutcome | null;
  canVote: boolean;
  cannotVoteReason: string | null;
}

export function toBattleJson(v: BattleView): ArenaBattleJson {
  const { battle } = v;
  const aOnLeft = leftIsA(battle, v.viewerId);
  const involved = !!v.viewerId && (v.a.creatorId === v.viewerId || v.b.creatorId === v.viewerId);
  const revealed = v.myVote !== null || battle.state !== 'in_battle' || involved;
  const [left, right] = aOnLeft ? [v.a, v.b] : [v.b, v.a];
  const counts = toVotesEvent(battle);
  const split: BattleCounts = revealed
    ? {
        total: counts.total,
        left: aOnLeft ? counts.a : counts.b,
        right: aOnLeft ? counts.b : counts.a,
        tie: counts.tie,
        both_bad: counts.both_bad,
      }
    : { total: counts.total, left: 0, right: 0, tie: 0, both_bad: 0 };
  return {
    id: battle.id,
    season_id: battle.seasonId,
    category: battle.category,
    mode: battle.mode,
    state: battle.state,
    opened_at: iso(battle.openedAt),
    closes_at: iso(battle.closesAt),
    left: toAnonymous(battle.id, 'left', left),
    right: toAnonymous(battle.id, 'right', right),
    counts: split,
    my_vote: v.myVote === null ? null : choiceOf(v.myVote, aOnLeft),
    left_is_a: revealed ? aOnLeft : null,
    revealed: revealed
      ? {
          left: toEntryJson(left, v.creators.get(left.creatorId)),
          right: toEntryJson(right, v.creators.get(right.creatorId)),
        }
      : null,
    can_vote: v.canVote,
    cannot_vote_reason: v.cannotVoteReason,
  };
}

export function toTicketJson(
  t: ArenaTicket,
  entry: ArenaEntryJson,
  position: number | null,
  window: number,
): ArenaTicketJson {
  return {
    id: t.id,
    entry,
    state: t.state,
    category: t.category,
    queued_at: iso(t.queuedAt),
    matched_at: iso(t.matchedAt),
    ended_at: iso(t.endedAt),
    battle_id: t.battleId,
    position,
    window,
  };
}

export function toFlagJson(f: ArenaFlag, creator: User | undefined): ArenaFlagJson {
  return {
    id: f.id,
    kind: f.kind,
    key: f.key,
    creator: toCreatorJson(creator),
    battle_id: f.battleId,
    window_start: f.windowStart ? iso(f.windowStart) : null,
    voters: f.voters,
    votes: f.voteIds.length,
    state: f.state,
    reviewed_at: f.reviewedAt ? iso(f.reviewedAt) : null,
    created_at: iso(f.createdAt),
  };
}
