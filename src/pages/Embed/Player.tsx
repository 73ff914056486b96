import { Head } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { isFramed } from '@/components/CookieConsent';
import { EmbedCodeButton } from '@/components/video/EmbedCodeButton';
import { PlaylistPlayer } from '@/components/video/PlaylistPlayer';
import type { Video } from '@contracts/video';
import type { PageProps } from '@/types';

type Props = PageProps<{ title: string; videos: Video[]; link: string | null; embed_path: string }>;

/** The embeddable tour (shown inside an iframe on other sites): the player only, a link back, and the embed code when opened directly. */
export default function EmbedPlayer({ title, videos, link, embed_path }: Props) {
  const framed = isFramed();
  return (
    <>
      <Head title={title} />
      <div className="flex min-h-dvh flex-col bg-black text-white">
        <div className="flex-1">
          {videos.length ? (
            <PlaylistPlayer videos={videos} compact />
          ) : (
            <p className="flex h-full min-h-48 items-center justify-center text-sm text-slate-300">
              This video is not available yet.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          {link ? (
            <a href={link} target="_top" className="truncate underline">
              {title}
            </a>
          ) : (
            <span className="truncate">{title}</span>
          )}
          {!framed && <EmbedCodeButton path={embed_path} title={title} />}
        </div>
      </div>
    </>
  );
}

/** No app chrome inside an embed. */
function BareLayout({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
EmbedPlayer.layout = BareLayout;
