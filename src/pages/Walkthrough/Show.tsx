import { Head, Link } from '@inertiajs/react';
import { creatorMetricsApi } from '@/api/creator-metrics';
import { EmptyState } from '@/components/ui';
import { EmbedCodeButton } from '@/components/video/EmbedCodeButton';
import { PlaylistPlayer } from '@/components/video/PlaylistPlayer';
import type { Walkthrough } from '@contracts/video';
import type { PageProps } from '@/types';

type Props = PageProps<{ walkthrough: Walkthrough }>;

/** A walkthrough as a tour: its ready videos in order with next/previous. */
export default function WalkthroughShow({ walkthrough }: Props) {
  const ready = walkthrough.videos.filter((v) => v.status === 'ready');
  return (
    <>
      <Head title={walkthrough.title || 'Video tour'} />
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold">{walkthrough.title || 'Video tour'}</h1>
          <EmbedCodeButton path={walkthrough.embed_url} title={walkthrough.title || 'Video tour'} />
        </div>
        {walkthrough.user && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            by{' '}
            {walkthrough.user.handle ? (
              <Link href={`/profile/${walkthrough.user.handle}`} className="underline">
                {walkthrough.user.name}
              </Link>
            ) : (
              walkthrough.user.name
            )}
          </p>
        )}
        {ready.length ? (
          <PlaylistPlayer
            videos={ready}
            onPlayReport={(ms, completed) =>
              void creatorMetricsApi.walkthroughPlayed(walkthrough.slug, ms, completed).catch(() => null)
            }
          />
        ) : (
          <EmptyState title="No videos yet" description="This tour has no videos ready to play." />
        )}
        {walkthrough.description && (
          <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{walkthrough.description}</p>
        )}
      </div>
    </>
  );
}
