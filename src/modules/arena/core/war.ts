/**
 * War scoring. An attack is a battle between an attacker's entry and a defender's entry; when it closes, the
 * attacker's share of decisive votes sets its destruction percentage and stars (1 star at 50%, 2 at 65%, 3 at 80%;
 * none below 50% or with fewer than MIN_ATTACK_VOTES votes). Only the best attack on each target counts (more stars,
 * then higher percentage, then the earlier attack), so a weaker second attack changes nothing. A squad's score is its
 * counted stars, ties broken by total counted percentage.
 */
export const STAR_THRESHOLDS = [0.5, 0.65, 0.8] as const;
export const MIN_ATTACK_VOTES = 3;

export interface AttackResult {
  attackId: string;
  squad: 'home' | 'away';
  attackerId: string;
  targetId: string;
  votesFor: number;
  votesAgainst: number;
  /** Ties and "both bad" count half to each side. */
  votesEven: number;
  at: number;
}

export interface ScoredAttack extends AttackResult {
  stars: number;
  percent: number;
  counts: boolean;
}

export function scoreAttack(a: AttackResult): { stars: number; percent: number } {
  const total = a.votesFor + a.votesAgainst + a.votesEven;
  if (total === 0) return { stars: 0, percent: 0 };
  const share = (a.votesFor + a.votesEven / 2) / total;
  const percent = Math.round(share * 100);
  if (total < MIN_ATTACK_VOTES) return { stars: 0, percent };
  return { stars: STAR_THRESHOLDS.filter((t) => share >= t).length, percent };
}

function better(x: ScoredAttack, y: ScoredAttack): boolean {
  if (x.stars !== y.stars) return x.stars > y.stars;
  if (x.percent !== y.percent) return x.percent > y.percent;
  return x.at < y.at || (x.at === y.at && x.attackId < y.attackId);
}

export interface WarScore {
  attacks: ScoredAttack[];
  home: { stars: number; percent: number };
  away: { stars: number; percent: number };
  winner: 'home' | 'away' | 'draw';
}

export function scoreWar(attacks: readonly AttackResult[]): WarScore {
  const scored: ScoredAttack[] = attacks.map((a) => ({ ...a, ...scoreAttack(a), counts: false }));
  const best = new Map<string, ScoredAttack>();
  for (const a of scored) {
    const key = `${a.squad}:${a.targetId}`;
    const current = best.get(key);
    if (!current || better(a, current)) best.set(key, a);
  }
  const totals = { home: { stars: 0, percent: 0 }, away: { stars: 0, percent: 0 } };
  for (const a of best.values()) {
    a.counts = true;
    totals[a.squad].stars += a.stars;
    totals[a.squad].percent += a.percent;
  }
  const diff = totals.home.stars - totals.away.stars || totals.home.percent - totals.away.percent;
  return { attacks: scored, ...totals, winner: diff > 0 ? 'home' : diff < 0 ? 'away' : 'draw' };
}
