import { Head, Link } from '@inertiajs/react';
import { ButtonLink, EmptyState, Pagination } from '@/components/ui';
import type { DreamPage } from '@contracts/designs';
import type { PageProps } from '@/types';

type Props = PageProps<{ dreams: DreamPage }>;

/** Saved dreams: designs kept with a title and a note. */
export default function DreamIndex({ dreams }: Props) {
  return (
    <>
      <Head title="Dreams" />
      <h1 className="mb-6 text-2xl font-semibold text-slate-900 dark:text-white">Your dreams</h1>
      {dreams.dreams.length ? (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {dreams.dreams.map((d) => (
              <Link
                key={d.id}
                href={`/dreams/${d.id}`}
                className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
              >
                <img
                  src={d.image ?? d.original_image}
                  alt={d.title}
                  className="aspect-[4/3] w-full object-cover"
                  loading="lazy"
                />
                <div className="p-3">
                  <p className="font-medium text-slate-900 dark:text-white">{d.title}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {[d.options.theme, d.options.roomType].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </Link>
            ))}
          </div>
          <Pagination className="mt-8" of={dreams} hrefFor={(p) => `/dreams?page=${p}`} />
        </>
      ) : (
        <EmptyState
          title="No dreams yet"
          description="Save a design you love as a dream from its page."
          action={<ButtonLink href="/designer/gallery">Go to your designs</ButtonLink>}
        />
      )}
    </>
  );
}
