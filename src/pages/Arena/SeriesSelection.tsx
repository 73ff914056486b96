import type { ArenaSeason } from '@contracts/arena';
import type { Page } from '@contracts/common';
import { Head, Link } from '@inertiajs/react';
import { arenaPaths } from '@/api/arena';
import { BackLink, Card, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

interface Props {
  current: ArenaSeason;
  seasons: Page<ArenaSeason>;
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Every arena season (series): the current one first, each with its own leaderboard. */
export default function SeriesSelection({ current, seasons }: PageProps<Props>) {
  return (
    <>
      <Head title="Arena seasons" />
      <BackLink href={arenaPaths.lobby()}>Arena lobby</BackLink>
      <h1 className="mb-4 text-headline text-ink">Seasons</h1>
      <Card>
        <p className="text-sm text-ink-muted">
          Each season has its own leaderboard. Between seasons every rating moves halfway back toward the average, and
          uncertainty grows while an entry sits out, so a new season is open to everyone.
        </p>
        <ul className="mt-4 divide-y divide-line">
          {seasons.data.map((s) => (
            <li key={s.id}>
              <Link
                href={arenaPaths.season(s.id)}
                className="flex flex-wrap items-center justify-between gap-2 py-3 hover:text-accent-ink"
              >
                <span className="font-medium text-ink">
                  {s.name}
                  {s.id === current.id && (
                    <span className="ml-2 rounded-control bg-brand-600 px-2 py-0.5 text-xs text-white">current</span>
                  )}
                </span>
                <span className="text-sm text-ink-muted">
                  {day(s.starts_at)} – {s.state === 'active' ? day(s.ends_at) : 'closed'}
                  {s.fitted_at && ` · ranked ${day(s.fitted_at)}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Pagination of={seasons} hrefFor={(p) => `${arenaPaths.seasons}?page=${p}`} />
      </Card>
    </>
  );
}
