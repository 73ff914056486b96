import { Head, Link } from '@inertiajs/react';
import { DesignCard } from '@/components/designer/DesignCard';
import type { Design } from '@contracts/designs';
import type { Page } from '@contracts/common';
import { ButtonLink, EmptyState, Pagination } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

type Props = PageProps<{ designs: Page<Design>; favorites: boolean }>;

/** All of the user's designs, newest first, with a favorites filter. */
export default function DesignerGallery({ designs, favorites }: Props) {
  const tab = (active: boolean) =>
    cn(
      'rounded-lg px-3 py-1.5 text-sm font-medium',
      active
        ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
        : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
    );
  return (
    <>
      <Head title="Design gallery" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Design gallery</h1>
        <div className="flex items-center gap-2">
          <nav className="flex gap-1" aria-label="Filter">
            <Link href="/designer/gallery" className={tab(!favorites)} aria-current={!favorites ? 'page' : undefined}>
              All
            </Link>
            <Link
              href="/designer/gallery?favorites=1"
              className={tab(favorites)}
              aria-current={favorites ? 'page' : undefined}
            >
              Favorites
            </Link>
          </nav>
          <ButtonLink href="/designer" size="sm">
            New design
          </ButtonLink>
        </div>
      </div>
      {designs.data.length ? (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {designs.data.map((d) => (
              <DesignCard key={d.id} design={d} />
            ))}
          </div>
          <Pagination
            className="mt-8"
            of={designs}
            hrefFor={(p) => `/designer/gallery?page=${p}${favorites ? '&favorites=1' : ''}`}
          />
        </>
      ) : (
        <EmptyState
          title={favorites ? 'No favorites yet' : 'No designs yet'}
          description={
            favorites
              ? 'Mark a design as a favorite to find it here.'
              : 'Upload a room photo to make your first design.'
          }
          action={<ButtonLink href="/designer">Open the designer</ButtonLink>}
        />
      )}
    </>
  );
}
