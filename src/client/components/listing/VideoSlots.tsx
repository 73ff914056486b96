import type { Listing } from '@contracts/listings';

/** Walkthrough and spot players: the video module (another issue) fills these; until then, what exists. */
export function VideoSlots({ listing }: { listing: Pick<Listing, 'spot' | 'spotVideo' | 'walkthrough'> | null }) {
  const spot = listing?.spot;
  const walkthrough = listing?.walkthrough;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Walkthrough</h3>
        {walkthrough ? (
          <a className="text-sm text-brand-600 hover:underline" href={`/walkthrough/${walkthrough.slug}`}>
            Watch the walkthrough ({walkthrough.videos.length} videos)
          </a>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">No walkthrough video yet.</p>
        )}
      </section>
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Spot</h3>
        {spot ? (
          <a
            className="text-sm text-brand-600 hover:underline"
            href={`/spot/${spot.slug}`}
            data-playback-id={spot.video?.playback_id ?? undefined}
          >
            Watch the spot
          </a>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">No spot video yet.</p>
        )}
      </section>
    </div>
  );
}
