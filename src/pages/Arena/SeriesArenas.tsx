import type { ArenaCategory, ArenaSeason, CreatorBoardRow, LeaderboardRow } from '@contracts/arena';
import type { Page } from '@contracts/common';
import { Head } from '@inertiajs/react';
import { arenaPaths, CATEGORY_LABELS } from '@/api/arena';
import { Leaderboard, RatingBadge } from '@/components/arena';
import { BackLink, Card, FilterLink, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

interface Props {
  season: ArenaSeason;
  categories: ArenaCategory[];
  category: ArenaCategory | null;
  board: Page<LeaderboardRow>;
  creators: CreatorBoardRow[];
}

/** One season's arenas: a leaderboard per category (ranks as ranges once ranked) and the creators' board. */
export default function SeriesArenas({ season, categories, category, board, creators }: PageProps<Props>) {
  const href = (c: ArenaCategory | null, page?: number) => {
    const query = [c ? `category=${c}` : '', page ? `page=${page}` : ''].filter(Boolean).join('&');
    return `${arenaPaths.season(season.id)}${query ? `?${query}` : ''}`;
  };
  return (
    <>
      <Head title={`${season.name} · Arena`} />
      <BackLink href={arenaPaths.seasons}>All seasons</BackLink>
      <h1 className="text-headline text-ink">{season.name}</h1>
      <p className="mb-4 text-sm text-ink-muted">
        {season.state === 'active' ? 'In progress' : 'Closed'}
        {season.fitted_at
          ? ` · ranks from the fit of ${new Date(season.fitted_at).toLocaleString()}`
          : ' · ranks appear after the nightly fit'}
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Arenas" className="lg:col-span-2">
          <nav className="mb-3 flex flex-wrap gap-1" aria-label="Categories">
            {[null, ...categories].map((c) => (
              <FilterLink key={c ?? 'all'} href={href(c)} active={c === category} compact>
                {c ? CATEGORY_LABELS[c] : 'All'}
              </FilterLink>
            ))}
          </nav>
          <Leaderboard rows={board.data} />
          <Pagination of={board} hrefFor={(p) => href(category, p)} />
        </Card>
        <Card title="Creators">
          {creators.length === 0 ? (
            <p className="text-sm text-ink-muted">No battles yet.</p>
          ) : (
            <ol className="space-y-2">
              {creators.map((c, i) => (
                <li key={c.creator?.id ?? i} className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate text-sm text-ink">
                    {i + 1}. {c.creator?.name ?? 'Someone'}
                    <span className="text-ink-subtle"> · {c.battles}</span>
                  </span>
                  <RatingBadge rating={c.rating} rd={c.rd} />
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </>
  );
}
