/** Wire shapes of videos, walkthroughs, spots and video lists, and the `.video.status` event. Type-only. */
import type { Page } from './common';
import type { PublicUser } from './users';

export type VideoStatus = 'uploading' | 'processing' | 'ready' | 'errored';

export interface Video {
  id: string;
  slug: string;
  playback_id: string;
  title: string;
  status: VideoStatus;
  error: string | null;
  progress: number;
  duration: number | null;
  width: number | null;
  height: number | null;
  poster: string | null;
  playback: { hls: string | null };
  renditions: Array<{ name: string; width: number; height: number }>;
  trim_start: number | null;
  trim_end: number | null;
  cover_time: number | null;
  position: number;
  walkthrough_id: string | null;
  user_id: string;
  embed_url: string;
  created_at: string;
  ready_at: string | null;
  upload?: { endpoint: string; completed: boolean; size: number | null; offset: number };
}

/** The realtor behind a spot, with a link to their profile. */
export interface Realtor {
  id: string;
  name: string;
  handle: string | null;
  avatar_url: string | null;
  profile_url: string | null;
}

export interface Spot {
  id: string;
  slug: string;
  title: string;
  caption: string | null;
  published: boolean;
  published_at: string | null;
  walkthrough_id: string;
  walkthrough_slug: string | null;
  listing_id: string | null;
  listing: {
    id: string;
    name: string;
    price: string | null;
    currency: string;
    address: string | null;
    url: string;
  } | null;
  video: Video | null;
  realtor: Realtor | null;
  embed_url: string;
  created_at: string;
}

/**
 * GET /api/feed and the Feed page: spots newest first. `next_cursor` (keyset) continues below the last spot
 * (`?cursor=`), `has_more` says whether there is more. `total` is exact up to 1,000 published spots; above that
 * it is 1,000 with `total_is_capped` ("1,000+") and `last_page` is a lower bound that stays ahead of the page.
 */
export interface FeedPage extends Page<Spot> {
  next_cursor: string | null;
  has_more: boolean;
  total_is_capped?: boolean;
}

export interface Walkthrough {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  published: boolean;
  listing_id: string | null;
  user: PublicUser | null;
  videos: Video[];
  spots: Spot[];
  embed_url: string;
  created_at: string;
  updated_at: string;
}

export interface VideoListSummary {
  id: string;
  name: string;
  description: string | null;
  is_public: boolean;
  user_id: string;
  videos_count: number;
  created_at: string;
}

export interface UploadLimits {
  max_upload_bytes: number;
  max_duration_seconds: number;
}

/** The `.video.status` event on the owner's private channel. */
export interface VideoStatusEvent {
  id: string;
  slug: string;
  status: VideoStatus;
  progress: number;
  error: string | null;
  video: Video;
}
