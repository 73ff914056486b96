/** Shapes of the video API (src/modules/video/video.serializer.ts). */
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

export interface Walkthrough {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  published: boolean;
  listing_id: string | null;
  user: { id: string; name: string; handle: string | null } | null;
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

export function formatPrice(price: string | null, currency: string): string | null {
  if (price === null) return null;
  const value = Number(price);
  if (!Number.isFinite(value)) return null;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  } catch {
    return `${currency} ${Math.round(value).toLocaleString()}`;
  }
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '–';
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export type { Page } from '@/types';
