import type { ArenaWar, WarSummary } from '@contracts/arena';
import { Link } from '@inertiajs/react';
import { arenaPaths, CATEGORY_LABELS } from '@/api/arena';

export const WAR_STATE_LABELS: Record<ArenaWar['state'], string> = {
  preparation: 'Preparation',
  battle: 'Battle phase',
  closed: 'Over',
};

/** Stars as ★★☆ (out of three). */
export function Stars({ n, of = 3 }: { n: number; of?: number }) {
  return (
    <span className="tracking-tight text-amber-500" aria-label={`${n} of ${of} stars`}>
      {'★'.repeat(n)}
      <span className="text-ink-subtle">{'☆'.repeat(Math.max(0, of - n))}</span>
    </span>
  );
}

/** Wars, each linking to its live page (or its results once over). */
export function WarList({ wars, empty }: { wars: WarSummary[]; empty: string }) {
  if (wars.length === 0) return <p className="text-sm text-ink-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-line">
      {wars.map((w) => (
        <li key={w.id}>
          <Link
            href={w.state === 'closed' ? arenaPaths.warResults(w.id) : arenaPaths.war(w.id)}
            className="flex flex-wrap items-center justify-between gap-2 py-3 hover:text-accent-ink"
          >
            <span className="min-w-0 font-medium text-ink">
              {w.home.name} <span className="text-ink-subtle">vs</span> {w.away.name}
            </span>
            <span className="text-sm text-ink-muted">
              {CATEGORY_LABELS[w.category]} · {WAR_STATE_LABELS[w.state]}
              {w.state === 'closed' && ` · ${w.home.stars}–${w.away.stars}`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The two squads' stars and percentages side by side. */
export function Scoreboard({ war }: { war: ArenaWar }) {
  const sides = [
    { key: 'home' as const, side: war.home },
    { key: 'away' as const, side: war.away },
  ];
  return (
    <div className="grid grid-cols-2 gap-3" data-testid="war-scoreboard">
      {sides.map(({ key, side }) => (
        <div
          key={key}
          className={`rounded-card border p-3 text-center ${war.winner === key ? 'border-brand-500' : 'border-line'}`}
        >
          <p className="truncate text-sm text-ink-muted">
            {side.squad.name}
            {war.my_squad === key && ' (you)'}
          </p>
          <p className="text-display text-ink">{side.stars}★</p>
          <p className="text-xs text-ink-subtle">{side.percent}% destruction</p>
          {war.winner === key && <p className="mt-1 text-sm font-semibold text-accent-ink">Winner</p>}
        </div>
      ))}
    </div>
  );
}

/** Every attack: who attacked whom, its votes, stars and whether it is the one that counts for its target. */
export function AttackList({ war }: { war: ArenaWar }) {
  if (war.attacks.length === 0) return <p className="text-sm text-ink-muted">No attacks yet.</p>;
  const squadName = (side: 'home' | 'away') => war[side].squad.name;
  return (
    <ul className="divide-y divide-line" data-testid="war-attacks">
      {war.attacks.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="truncate text-sm text-ink">
              {a.attacker?.name ?? 'Someone'} <span className="text-ink-subtle">({squadName(a.squad)})</span>
            </p>
            <p className="text-xs text-ink-subtle">
              {a.votes_for}–{a.votes_against}
              {a.votes_even > 0 && ` · ${a.votes_even} even`} · {a.percent}%{a.counts ? ' · counts' : ''}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <Stars n={a.stars} />
            <Link href={arenaPaths.battle(a.battle_id)} className="text-sm text-accent-ink hover:underline">
              {a.live ? 'Vote' : 'Battle'}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
