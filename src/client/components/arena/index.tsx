import type { ArenaEntry, ArenaFit, LeaderboardRow } from '@contracts/arena';
import { CATEGORY_LABELS } from '@/api/arena';

/** A rating with its uncertainty: "1532 ± 88" (twice the deviation is roughly the 95% band). */
export function RatingBadge({ rating, rd }: { rating: number; rd: number }) {
  return (
    <span className="inline-flex items-baseline gap-1 rounded-control bg-surface-muted px-2 py-0.5 text-sm font-semibold text-ink">
      {rating}
      <span className="text-xs font-normal text-ink-subtle">± {Math.round(rd * 2)}</span>
    </span>
  );
}

/** A rank shown as a range from the Bradley-Terry intervals ("#2–5"), or "unranked" before enough battles. */
export function RankRange({ fit }: { fit: ArenaFit | null }) {
  if (!fit || fit.rank_best === null || fit.rank_worst === null)
    return <span className="text-xs text-ink-subtle">unranked</span>;
  const text = fit.rank_best === fit.rank_worst ? `#${fit.rank_best}` : `#${fit.rank_best}–${fit.rank_worst}`;
  return (
    <span className="text-sm font-semibold text-accent-ink" title={`95% interval ${fit.lower}–${fit.upper}`}>
      {text}
    </span>
  );
}

export function EntryThumb({
  entry,
  className = '',
}: {
  entry: Pick<ArenaEntry, 'image' | 'title'>;
  className?: string;
}) {
  return entry.image ? (
    <img
      src={entry.image}
      alt={entry.title}
      className={`aspect-[4/3] w-full rounded-control object-cover ${className}`}
    />
  ) : (
    <div
      className={`grid aspect-[4/3] w-full place-items-center rounded-control bg-surface-muted text-ink-subtle ${className}`}
    >
      no picture
    </div>
  );
}

export function CategoryName({ category }: { category: ArenaEntry['category'] }) {
  return <span className="text-eyebrow uppercase text-ink-subtle">{CATEGORY_LABELS[category]}</span>;
}

/** The season leaderboard: position, entry, creator, live rating and the rank range once ranked. */
export function Leaderboard({ rows }: { rows: LeaderboardRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-ink-muted">No entries yet this season.</p>;
  return (
    <ol className="divide-y divide-line">
      {rows.map(({ entry, position }) => (
        <li key={entry.id} className="flex items-center gap-3 py-2">
          <span className="w-8 shrink-0 text-right font-semibold text-ink-muted">{position}</span>
          <div className="h-10 w-14 shrink-0">
            <EntryThumb entry={entry} className="h-10" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-ink">{entry.title}</p>
            <p className="truncate text-xs text-ink-subtle">
              {entry.creator?.name ?? 'Someone'} · {entry.battles} battles · {CATEGORY_LABELS[entry.category]}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <RatingBadge rating={entry.rating} rd={entry.rd} />
            <RankRange fit={entry.fit} />
          </div>
        </li>
      ))}
    </ol>
  );
}
