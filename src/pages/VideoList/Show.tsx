import { Head, Link } from '@inertiajs/react';
import { EmptyState } from '@/components/ui';
import { PlaylistPlayer } from '@/components/video/PlaylistPlayer';
import type { Video, VideoListSummary } from '@contracts/video';
import type { PageProps } from '@/types';

type Props = PageProps<{ list: VideoListSummary; videos: Video[]; lists: VideoListSummary[] }>;

/** Video list player: the playlist with next/previous, and the owner's other lists. */
export default function VideoListShow({ list, videos, lists }: Props) {
  const others = lists.filter((l) => l.id !== list.id);
  return (
    <>
      <Head title={list.name} />
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
        <h1 className="text-2xl font-semibold">{list.name}</h1>
        {list.description && <p className="text-slate-700 dark:text-slate-300">{list.description}</p>}
        {videos.length ? (
          <PlaylistPlayer videos={videos} />
        ) : (
          <EmptyState title="Nothing to play yet" description="This list has no videos ready to play." />
        )}
        {others.length > 0 && (
          <section>
            <h2 className="mb-2 text-lg font-semibold">More lists</h2>
            <ul className="flex flex-wrap gap-2">
              {others.map((l) => (
                <li key={l.id}>
                  <Link
                    href={`/video-lists/${l.id}`}
                    className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-700"
                  >
                    {l.name} ({l.videos_count})
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
