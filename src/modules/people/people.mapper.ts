import type {
  FollowUser as FollowUserJson,
  Market as MarketJson,
  Profile as ProfileJson,
  Stat as StatJson,
} from '../../contracts/people';
import { toPublicUser, type User } from '../users';
import type { Follow, Market, Stat } from './people.entities';
import { iso } from '../../common/iso';

export type { FollowUserJson, MarketJson, ProfileJson, StatJson };

export function toMarketJson(m: Market): MarketJson {
  return {
    id: m.id,
    name: m.name,
    city: m.city,
    state: m.state,
    country_code: m.countryCode,
    latitude: m.latitude,
    longitude: m.longitude,
  };
}

/** A catalogue stat beside the user's value for it (null when unset). */
export function toStatJson(s: Stat, value: string | null): StatJson {
  return { stat_id: s.id, label: s.label, kind: s.kind, value };
}

/** The other person of a follow, with when the follow started. */
export function toFollowUserJson(user: User, follow: Follow): FollowUserJson {
  return { ...toPublicUser(user), followed_at: iso(follow.createdAt) };
}

export interface ProfileParts {
  user: User;
  followers: number;
  followings: number;
  isFollowing: boolean;
  isSelf: boolean;
  stats: StatJson[];
  markets: MarketJson[];
  listings: ProfileJson['listings'];
  /** Where the "message" button goes; null on one's own profile or for guests. */
  messageUrl: string | null;
  stickers: ProfileJson['stickers'];
}

export function toProfileJson(p: ProfileParts): ProfileJson {
  return {
    user: {
      ...toPublicUser(p.user),
      followers_count: p.followers,
      followings_count: p.followings,
      listings_count: p.listings.total,
      is_following: p.isFollowing,
      is_self: p.isSelf,
      stats: p.stats,
      markets: p.markets,
    },
    listings: p.listings,
    spots: [],
    message_url: p.messageUrl,
    stickers: p.stickers,
  };
}
