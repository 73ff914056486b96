import type {
  ArenaEntry as ArenaEntryJson,
  ArenaSquad as ArenaSquadJson,
  ArenaWar as ArenaWarJson,
  WarAttack as WarAttackJson,
  WarChallenge,
  WarMember,
  WarSquadSide,
  WarSummary,
} from '../../contracts/arena';
import { iso } from '../../common/iso';
import type { User } from '../users';
import { toCreatorJson } from './arena.mapper';
import type { ScoredAttack, WarScore } from './core';
import type {
  ArenaSquad,
  ArenaSquadMember,
  ArenaWar,
  ArenaWarAttack,
  ArenaWarChallenge,
  ArenaWarLineup,
} from './entities/arena-war.entity';

export function toSquadJson(s: ArenaSquad, members: ArenaSquadMember[], users: Map<string, User>): ArenaSquadJson {
  return {
    id: s.id,
    name: s.name,
    team_id: s.teamId,
    captain: toCreatorJson(users.get(s.captainId)),
    members: members.filter((m) => m.squadId === s.id).map((m) => toCreatorJson(users.get(m.userId))!),
    created_at: iso(s.createdAt),
  };
}

export function sideOf(war: ArenaWar, squadId: string | null | undefined): WarSquadSide | null {
  if (!squadId) return null;
  return war.homeSquadId === squadId ? 'home' : war.awaySquadId === squadId ? 'away' : null;
}

export interface WarView {
  war: ArenaWar;
  home: ArenaSquadJson;
  away: ArenaSquadJson;
  members: ArenaSquadMember[];
  lineup: ArenaWarLineup[];
  entries: Map<string, ArenaEntryJson>;
  attacks: ArenaWarAttack[];
  score: WarScore;
  live: Set<string>;
  users: Map<string, User>;
  /** The viewer's side, or null for watchers (the other side's lineup stays hidden during preparation). */
  mySquad: WarSquadSide | null;
}

function toAttackJson(a: ArenaWarAttack, s: ScoredAttack | undefined, v: WarView): WarAttackJson {
  return {
    id: a.id,
    squad: a.squad,
    attacker: toCreatorJson(v.users.get(a.attackerId)),
    attacker_entry_id: a.attackerEntryId,
    target_entry_id: a.targetEntryId,
    battle_id: a.battleId,
    live: v.live.has(a.battleId),
    votes_for: s?.votesFor ?? 0,
    votes_against: s?.votesAgainst ?? 0,
    votes_even: s?.votesEven ?? 0,
    stars: s?.stars ?? 0,
    percent: s?.percent ?? 0,
    counts: s?.counts ?? false,
    created_at: iso(a.createdAt),
  };
}

export function toWarJson(v: WarView): ArenaWarJson {
  const { war, score } = v;
  const scored = new Map(score.attacks.map((a) => [a.attackId, a]));
  const lineupOf = new Map(v.lineup.map((l) => [l.userId, l]));
  const members: WarMember[] = v.members.map((m) => {
    const squad = m.squadId === war.homeSquadId ? 'home' : 'away';
    const line = lineupOf.get(m.userId);
    const visible = war.state !== 'preparation' || v.mySquad === squad;
    const counted = score.attacks.filter((a) => a.attackerId === m.userId && a.counts);
    return {
      user: toCreatorJson(v.users.get(m.userId)),
      squad,
      entry: line && visible ? (v.entries.get(line.entryId) ?? null) : null,
      has_lineup: !!line,
      attacks_used: v.attacks.filter((a) => a.attackerId === m.userId).length,
      stars: counted.reduce((n, a) => n + a.stars, 0),
      percent: counted.reduce((n, a) => n + a.percent, 0),
    };
  });
  return {
    id: war.id,
    season_id: war.seasonId,
    category: war.category,
    state: war.state,
    attacks_per_member: war.attacksPerMember,
    prep_ends_at: iso(war.prepEndsAt),
    battle_ends_at: iso(war.battleEndsAt),
    closed_at: war.closedAt ? iso(war.closedAt) : null,
    home: { squad: v.home, ...score.home },
    away: { squad: v.away, ...score.away },
    winner: war.state === 'closed' ? score.winner : null,
    members,
    attacks: v.attacks.map((a) => toAttackJson(a, scored.get(a.id), v)),
    my_squad: v.mySquad,
  };
}

export function toWarSummary(war: ArenaWar, squads: Map<string, ArenaSquad>): WarSummary {
  const stars = (side: 'home' | 'away') => war.result?.[side].stars ?? 0;
  return {
    id: war.id,
    category: war.category,
    state: war.state,
    home: { id: war.homeSquadId, name: squads.get(war.homeSquadId)?.name ?? 'Squad', stars: stars('home') },
    away: { id: war.awaySquadId, name: squads.get(war.awaySquadId)?.name ?? 'Squad', stars: stars('away') },
    winner: war.result?.winner ?? null,
    prep_ends_at: iso(war.prepEndsAt),
    battle_ends_at: iso(war.battleEndsAt),
  };
}

export function toChallengeJson(c: ArenaWarChallenge, squads: Map<string, ArenaSquad>): WarChallenge {
  const side = (id: string) => ({ id, name: squads.get(id)?.name ?? '' });
  return {
    id: c.id,
    state: c.state,
    category: c.category,
    challenger: side(c.challengerSquadId),
    opponent: side(c.opponentSquadId),
    prep_minutes: c.prepMinutes,
    battle_minutes: c.battleMinutes,
    created_at: iso(c.createdAt),
    expires_at: iso(c.expiresAt),
    decided_at: c.decidedAt ? iso(c.decidedAt) : null,
    war_id: c.warId,
  };
}
