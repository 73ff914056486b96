import { Head } from '@inertiajs/react';
import { useEffect, useRef, useState } from 'react';
import { Mousewheel, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { creatorMetricsApi } from '@/api/creator-metrics';
import { EmptyState } from '@/components/ui';
import { FeedOverlay } from '@/components/video/FeedOverlay';
import type { FeedPage, Spot } from '@contracts/video';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { useFeed } from '@/hooks/useFeed';
import type { PageProps } from '@/types';

type Props = PageProps<{ feed: FeedPage }>;

/** One slide: plays (muted until tapped) only while active; the next slide preloads. */
function FeedSlide({
  spot,
  active,
  preload,
  muted,
  onToggleMute,
}: {
  spot: Spot;
  active: boolean;
  preload: boolean;
  muted: boolean;
  onToggleMute(): void;
}) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (active) {
      video.muted = muted;
      void video.play().catch(() => undefined);
    } else {
      video.pause();
    }
  }, [active, muted]);
  return (
    <div className="relative h-full w-full bg-black" data-testid="feed-slide" data-active={active}>
      {spot.video && (active || preload) ? (
        <VideoPlayer
          ref={ref}
          src={spot.video.playback.hls}
          poster={spot.video.poster}
          trimStart={spot.video.trim_start}
          trimEnd={spot.video.trim_end}
          preloadNow={preload || active}
          muted={muted}
          loop
          onPlayReport={(ms, completed) =>
            void creatorMetricsApi.spotPlayed(spot.slug, ms, completed).catch(() => null)
          }
          className="h-full w-full"
          onClick={onToggleMute}
          data-testid={active ? 'feed-active-video' : undefined}
        />
      ) : (
        spot.video?.poster && <img src={spot.video.poster} alt="" className="h-full w-full object-contain" />
      )}
      <FeedOverlay spot={spot} muted={muted} onToggleMute={onToggleMute} active={active} />
    </div>
  );
}

/** The swipe feed: vertical full-height slides of published spots, infinite paging. */
export default function FeedIndex({ feed }: Props) {
  const { spots, hasMore, loadMore } = useFeed(feed);
  const [active, setActive] = useState(0);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    if (hasMore && active >= spots.length - 3) void loadMore();
  }, [active, spots.length, hasMore, loadMore]);

  return (
    <>
      <Head title="Feed" />
      {spots.length === 0 ? (
        <div className="mx-auto max-w-xl px-4 py-12">
          <EmptyState title="No spots yet" description="Published spots from realtors show up here." />
        </div>
      ) : (
        <div
          className="mx-auto h-[calc(100dvh-8rem)] w-full max-w-md bg-black sm:my-4 sm:rounded-xl sm:overflow-hidden"
          data-testid="feed"
        >
          <Swiper
            direction="vertical"
            className="h-full"
            modules={[Mousewheel, Keyboard]}
            mousewheel
            keyboard
            onSlideChange={(swiper) => setActive(swiper.activeIndex)}
          >
            {spots.map((spot, index) => (
              <SwiperSlide key={spot.id}>
                <FeedSlide
                  spot={spot}
                  active={index === active}
                  preload={index === active + 1}
                  muted={muted}
                  onToggleMute={() => setMuted((m) => !m)}
                />
              </SwiperSlide>
            ))}
          </Swiper>
        </div>
      )}
    </>
  );
}
FeedIndex.layout = { fullWidth: true };
