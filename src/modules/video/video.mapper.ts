import type {
  FeedPage as FeedPageJson,
  Realtor as RealtorJson,
  Spot as SpotJson,
  Video as VideoJson,
  VideoListSummary as VideoListJson,
  Walkthrough as WalkthroughJson,
} from '../../contracts/video';
import { avatarUrl, type User, toPublicUser } from '../users';
import type { Spot, Video, VideoList, Walkthrough } from './entities';
import type { ListingSummary } from './listing-directory';
import { mediaUrl } from '../../common/media-url';
import { iso } from '../../common/iso';

export type { FeedPageJson, RealtorJson, SpotJson, VideoJson, VideoListJson, WalkthroughJson };

export const UPLOAD_ENDPOINT = '/api/video-uploads';

export function toVideoJson(video: Video, viewer?: Pick<User, 'id'> | null): VideoJson {
  const ready = video.status === 'ready';
  const json: VideoJson = {
    id: video.id,
    slug: video.slug,
    playback_id: video.playbackId,
    title: video.title,
    status: video.status,
    error: video.error,
    progress: video.progress,
    duration: video.duration,
    width: video.width,
    height: video.height,
    poster: ready ? mediaUrl(video.posterKey) : null,
    playback: { hls: ready ? mediaUrl(video.manifestKey) : null },
    renditions: (video.renditions ?? []).map(({ name, width, height }) => ({ name, width, height })),
    trim_start: video.trimStart,
    trim_end: video.trimEnd,
    cover_time: video.coverTime,
    position: video.position,
    walkthrough_id: video.walkthroughId,
    user_id: video.userId,
    embed_url: `/embed/video/${video.playbackId}`,
    created_at: iso(video.createdAt),
    ready_at: iso(video.readyAt),
  };
  if (viewer && viewer.id === video.userId) {
    json.upload = {
      endpoint: UPLOAD_ENDPOINT,
      completed: video.status !== 'uploading',
      size: video.uploadSize,
      offset: video.uploadOffset,
    };
  }
  return json;
}

export function toWalkthroughJson(
  walkthrough: Walkthrough,
  parts: { videos: Video[]; spots?: SpotJson[]; owner?: User | null; viewer?: Pick<User, 'id'> | null },
): WalkthroughJson {
  return {
    id: walkthrough.id,
    slug: walkthrough.slug,
    title: walkthrough.title,
    description: walkthrough.description,
    published: walkthrough.published,
    listing_id: walkthrough.listingId,
    user: parts.owner ? toPublicUser(parts.owner) : null,
    videos: parts.videos.map((v) => toVideoJson(v, parts.viewer)),
    spots: parts.spots ?? [],
    embed_url: `/embed/walkthrough/${walkthrough.slug}`,
    created_at: iso(walkthrough.createdAt),
    updated_at: iso(walkthrough.updatedAt),
  };
}

export function toRealtorJson(user: Pick<User, 'id' | 'name' | 'handle' | 'avatarPath'>): RealtorJson {
  return {
    id: user.id,
    name: user.name,
    handle: user.handle,
    avatar_url: avatarUrl(user),
    profile_url: user.handle ? `/profile/${user.handle}` : null,
  };
}

export function toSpotJson(
  spot: Spot,
  parts: {
    video?: Video | null;
    walkthroughSlug?: string | null;
    listing?: ListingSummary | null;
    owner?: Pick<User, 'id' | 'name' | 'handle' | 'avatarPath'> | null;
    viewer?: Pick<User, 'id'> | null;
  },
): SpotJson {
  const listing = parts.listing;
  return {
    id: spot.id,
    slug: spot.slug,
    title: spot.title,
    caption: spot.caption,
    published: spot.published,
    published_at: iso(spot.publishedAt),
    walkthrough_id: spot.walkthroughId,
    walkthrough_slug: parts.walkthroughSlug ?? null,
    listing_id: spot.listingId,
    listing: listing
      ? {
          id: listing.id,
          name: listing.name,
          price: listing.price,
          currency: listing.currency,
          address: listing.address,
          url: listing.url,
        }
      : null,
    video: parts.video ? toVideoJson(parts.video, parts.viewer) : null,
    realtor: parts.owner ? toRealtorJson(parts.owner) : null,
    embed_url: `/embed/spot/${spot.slug}`,
    created_at: iso(spot.createdAt),
  };
}

export function toVideoListJson(list: VideoList, videosCount: number): VideoListJson {
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    is_public: list.isPublic,
    user_id: list.userId,
    videos_count: videosCount,
    created_at: iso(list.createdAt),
  };
}
