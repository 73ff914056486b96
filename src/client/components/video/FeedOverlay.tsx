import { Link } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { Avatar } from '@/components/Avatar';
import { HeartIcon, MuteIcon, ShareIcon, VolumeIcon } from '@/components/icons';
import { useAuthUser } from '@/hooks/useSharedProps';
import { authPaths, usersApi } from '@/api/users';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import type { Spot } from '@contracts/video';
import { formatPrice } from './format';
import { useAttempt } from '@/hooks/useAttempt';

const LIKES_KEY = 'reelty.liked-spots';

/** Likes are kept on this device (the spot API has no likes yet): enough to mark what one wants to see again. */
function readLikes(): string[] {
  try {
    return JSON.parse(localStorage.getItem(LIKES_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

function RailButton({
  label,
  onClick,
  pressed,
  children,
  testId,
}: {
  label: string;
  onClick(): void;
  pressed?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-pressed={pressed}
      data-testid={testId}
      className="flex flex-col items-center gap-1 text-[11px] font-semibold text-white drop-shadow"
    >
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-black/35 backdrop-blur-sm transition hover:bg-black/50">
        {children}
      </span>
    </button>
  );
}

/**
 * What people expect on a vertical video: who posted it (follow in one tap), the price and address large at the
 * bottom, and like / share / sound on the right edge.
 */
export function FeedOverlay({
  spot,
  muted,
  onToggleMute,
  active,
}: {
  spot: Spot;
  muted: boolean;
  onToggleMute(): void;
  active: boolean;
}) {
  const { attempt } = useAttempt();
  const viewer = useAuthUser();
  const realtor = spot.realtor;
  const [liked, setLiked] = useState(() => readLikes().includes(spot.id));
  const [following, setFollowing] = useState(false);
  const price = spot.listing ? formatPrice(spot.listing.price, spot.listing.currency) : null;
  const isSelf = viewer?.id === realtor?.id;

  const toggleLike = () => {
    const next = !liked;
    setLiked(next);
    const others = readLikes().filter((id) => id !== spot.id);
    localStorage.setItem(LIKES_KEY, JSON.stringify(next ? [spot.id, ...others].slice(0, 500) : others));
  };

  const follow = async () => {
    if (!realtor) return;
    if (!viewer) {
      window.location.href = authPaths.login;
      return;
    }
    await attempt(async () => {
      const res = following ? await usersApi.unfollow(realtor.id) : await usersApi.follow(realtor.id);
      setFollowing(res.following);
    }, 'Could not follow');
  };

  const share = async () => {
    const url = `${window.location.origin}${spot.listing?.url ?? `/feed`}`;
    const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
    try {
      if (nav.share) await nav.share({ title: spot.listing?.name ?? spot.title, url });
      else {
        await navigator.clipboard.writeText(url);
        notify.success('Link copied');
      }
    } catch {
      /* sheet closed or clipboard refused */
    }
  };

  const testId = (name: string) => (active ? name : undefined);
  return (
    <>
      <div className="pointer-events-none absolute inset-x-0 top-0 h-24 bg-gradient-to-b from-black/50 to-transparent" />
      <div className="absolute right-2 bottom-24 flex flex-col items-center gap-4 sm:bottom-28">
        {realtor && (
          <div className="relative mb-2">
            {realtor.profile_url ? (
              <Link href={realtor.profile_url} aria-label={`${realtor.name}’s profile`}>
                <Avatar name={realtor.name} url={realtor.avatar_url} size="md" className="ring-2 ring-white" />
              </Link>
            ) : (
              <Avatar name={realtor.name} url={realtor.avatar_url} size="md" className="ring-2 ring-white" />
            )}
            {!isSelf && (
              <button
                type="button"
                onClick={() => void follow()}
                aria-label={following ? `Unfollow ${realtor.name}` : `Follow ${realtor.name}`}
                data-testid={testId('feed-follow')}
                className={cn(
                  'absolute -bottom-2 left-1/2 flex h-5 w-5 -translate-x-1/2 items-center justify-center rounded-full text-xs font-bold text-white ring-2 ring-white',
                  following ? 'bg-slate-700' : 'bg-brand-600',
                )}
              >
                {following ? '✓' : '+'}
              </button>
            )}
          </div>
        )}
        <RailButton label={liked ? 'Unlike' : 'Like'} pressed={liked} onClick={toggleLike} testId={testId('feed-like')}>
          <HeartIcon className={cn('h-6 w-6', liked && 'fill-rose-500 text-rose-500')} />
        </RailButton>
        <RailButton label="Share" onClick={() => void share()} testId={testId('feed-share')}>
          <ShareIcon className="h-6 w-6" />
        </RailButton>
        <RailButton label={muted ? 'Unmute' : 'Mute'} onClick={onToggleMute} testId={testId('feed-mute')}>
          {muted ? <MuteIcon className="h-6 w-6" /> : <VolumeIcon className="h-6 w-6" />}
        </RailButton>
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/40 to-transparent px-4 pt-16 pb-5 pr-16 text-white">
        {realtor && (
          <p className="text-sm font-semibold drop-shadow" data-testid={testId('feed-realtor')}>
            {realtor.handle ? `@${realtor.handle}` : realtor.name}
          </p>
        )}
        {price && <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums drop-shadow">{price}</p>}
        {spot.listing?.address && <p className="text-sm text-white/90 drop-shadow">{spot.listing.address}</p>}
        {spot.caption && <p className="mt-1 line-clamp-2 text-sm text-white/80">{spot.caption}</p>}
        {spot.listing && (
          <Link
            href={spot.listing.url}
            className="pointer-events-auto mt-3 inline-flex rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-slate-900 shadow-raised"
          >
            View listing
          </Link>
        )}
      </div>
    </>
  );
}
