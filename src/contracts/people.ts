/** Wire shapes of profiles, follows, markets and profile stats. Type-only. */
import type { LinkedPage } from './common';
import type { Listing } from './listings';
import type { PublicUser } from './users';
import type { StickerJson } from './admin-content';

export interface Market {
  id: string;
  name: string;
  city: string | null;
  state: string | null;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
}

export type StatKind = 'number' | 'money' | 'text';

export interface Stat {
  stat_id: string;
  label: string;
  kind: StatKind;
  value: string | null;
}

export interface FollowUser extends PublicUser {
  followed_at: string;
}

/** A public profile page: the person, their counts, stats and markets, and their listings. */
export interface Profile {
  user: PublicUser & {
    followers_count: number;
    followings_count: number;
    listings_count: number;
    is_following: boolean;
    is_self: boolean;
    stats: Stat[];
    markets: Market[];
  };
  listings: LinkedPage<Listing>;
  /** Short video spots, when the video module has any. */
  spots: unknown[];
  /** Where the "message" button goes; null on one's own profile or for guests. */
  message_url: string | null;
  /** The stickers the user wears on their profile (at most six, in their order). */
  stickers: StickerJson[];
}
