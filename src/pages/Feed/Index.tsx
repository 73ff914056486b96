import { Head, Link } from '@inertiajs/react';
import { useEffect, useRef, useState } from 'react';
import { Mousewheel, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { EmptyState } from '@/components/ui';
import { formatPrice } from '@/components/video/format';
import type { Spot } from '@contracts/video';
import type { Page } from '@contracts/common';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { useFeed } from '@/hooks/useFeed';
import type { PageProps } from '@/types';

type Props = PageProps<{ feed: Page<Spot> }>;

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
  const price = spot.listing ? formatPrice(spot.listing.price, spot.listing.currency) : null;
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
          className="h-full w-full"
          onClick={onToggleMute}
          data-testid={active ? 'feed-active-video' : undefined}
        />
      ) : (
        spot.video?.poster && <img src={spot.video.poster} alt="" className="h-full w-full object-contain" />
      )}
      <button
        type="button"
        onClick={onToggleMute}
        className="absolute right-3 top-3 rounded-full bg-black/50 px-3 py-1 text-xs text-white"
        aria-label={muted ? 'Unmute' : 'Mute'}
        data-testid={active ? 'feed-mute' : undefined}
      >
        {muted ? 'Tap to unmute' : 'Sound on'}
      </button>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 pb-6 text-white">
        {price && <p className="text-2xl font-bold drop-shadow">{price}</p>}
        {spot.listing?.address && <p className="text-sm drop-shadow">{spot.listing.address}</p>}
        {spot.caption && <p className="mt-1 line-clamp-2 text-sm text-white/90">{spot.caption}</p>}
        <div className="pointer-events-auto mt-2 flex flex-wrap gap-3 text-sm">
          {spot.listing && (
            <Link href={spot.listing.url} className="rounded-full bg-white/90 px-3 py-1 font-medium text-slate-900">
              View listing
            </Link>
          )}
          {spot.realtor?.profile_url && (
            <Link href={spot.realtor.profile_url} className="rounded-full bg-black/50 px-3 py-1 ring-1 ring-white/40">
              @{spot.realtor.handle}
            </Link>
          )}
        </div>
      </div>
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
