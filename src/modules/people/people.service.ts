import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { ListingsService } from '../listings';
import { GEOCODER, Geocoder } from '../market';
import { DomainEvents } from '../events';
import { NotificationsService } from '../notifications';
import { paginate, type LinkedPage } from '../../common/pagination';
import { PRICE_PATTERN } from '../properties';
import { ProfileStickersService } from '../stickers';
import { User } from '../users';
import { UsersService } from '../users';
import { AddMarketDto } from './dto/people.dto';
import type { Market } from './people.entities';
import {
  toFollowUserJson,
  toMarketJson,
  toProfileJson,
  toStatJson,
  type FollowUserJson,
  type MarketJson,
  type ProfileJson,
  type StatJson,
} from './people.mapper';
import { PeopleRepository } from './people.repository';
import { heldProfileTag, ProfileCache, profileTag, type CachedProfile } from './profile-cache';
import { requireSelfOrAdmin } from './people.policy';

export const MAX_MARKETS_PER_USER = 25;

export type { FollowUserJson, MarketJson, ProfileJson, StatJson };

/** Profiles by handle, follows, markets and profile stats. */
@Injectable()
export class PeopleService {
  private readonly logger = new Logger('People');
  private readonly profileCache = new ProfileCache();

  constructor(
    private readonly repo: PeopleRepository,
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly notifications: NotificationsService,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly stickers: ProfileStickersService,
  ) {}

  async userOr404(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException('There is no user with that id.');
    return user;
  }

  // ---- profiles -----------------------------------------------------------

  async profileByHandle(handle: string, viewer: User | undefined, page = 1): Promise<ProfileJson> {
    return this.profile(await this.userByHandle(handle), viewer, page);
  }

  async userByHandle(handle: string): Promise<User> {
    const user = handle && handle.length <= 30 ? await this.users.findByHandle(handle.replace(/^@/, '')) : null;
    if (!user) throw new NotFoundException('There is no profile with that handle.');
    return user;
  }

  /** A profile as the viewer sees it; guests' from the cache (guestProfile). */
  profile(user: User, viewer: User | undefined, page = 1): Promise<ProfileJson> {
    return viewer ? this.buildProfile(user, viewer, page) : this.guestProfile(user, page);
  }

  /**
   * What a guest sees, from the cache while the profile's version is the one the page was built under. The version
   * is read before anything the page shows (and the user again after it), so a page stored under a version is at
   * least as new as every write that version counts.
   */
  private async guestProfile(user: User, page: number): Promise<ProfileJson> {
    return (await this.guestPage(user, page, await this.repo.profileVersion(user.id))).json;
  }

  /**
   * A guest's profile page with its ETag (profileTag). When the request already holds this page's tag under the
   * profile's current version and it has not run out, the page is neither read nor built (`json` null: a 304).
   */
  async guestProfileAnswer(
    user: User,
    page: number,
    held: string[],
  ): Promise<{ etag: string; json: ProfileJson | null }> {
    const version = await this.repo.profileVersion(user.id);
    const heldTag = heldProfileTag(held, user.id, page, version, this.clock.nowMs());
    if (heldTag) return { etag: heldTag, json: null };
    const { json, untilMs } = await this.guestPage(user, page, version);
    return { etag: profileTag(user.id, page, version, untilMs), json };
  }

  private async guestPage(user: User, page: number, version: string): Promise<CachedProfile> {
    const cached = this.profileCache.get(user.id, page, version, this.clock.nowMs());
    if (cached) return cached;
    const fresh = await this.users.findById(user.id);
    if (!fresh) throw new NotFoundException('There is no profile with that handle.');
    return this.profileCache.set(user.id, page, version, await this.buildProfile(fresh, undefined, page));
  }

  private async buildProfile(user: User, viewer: User | undefined, page: number): Promise<ProfileJson> {
    const isSelf = viewer?.id === user.id;
    // One statement each: follow counts (and the viewer's follow), stats with values, markets, the listings page
    // (with its total), then the listings' media and open houses, and the stickers the user wears.
    const [follows, stats, markets, listings, stickers] = await Promise.all([
      this.repo.followSummary(user.id, viewer && !isSelf ? viewer.id : null),
      this.statsOf(user.id, isSelf),
      this.marketsOf(user.id),
      this.listings.publishedBy(user.id, page, 12),
      this.stickers.of(user.id),
    ]);
    const { followers, followings, isFollowing } = follows;
    const messageUrl = viewer && !isSelf ? `/chats?user=${user.id}` : null;
    return toProfileJson({
      user,
      followers,
      followings,
      isFollowing,
      isSelf,
      stats,
      markets,
      listings,
      messageUrl,
      stickers,
    });
  }

  // ---- follows --------------------------------------------------------------

  async follow(actor: User, targetId: string): Promise<{ following: boolean; followers_count: number }> {
    const target = await this.userOr404(targetId);
    if (target.id === actor.id) throw ValidationFailedException.of('user_id', 'You cannot follow yourself.');
    // Following again after an unfollow is not news: only the first follow of this realtor notifies.
    const inserted = await this.repo.insertFollow(actor.id, target.id);
    if (inserted) {
      const at = this.clock.now();
      await this.events.publish('user.followed', `follow|${actor.id}|${target.id}|${at.getTime()}`, {
        follower_id: actor.id,
        followee_id: target.id,
        followed_at: at.toISOString(),
      });
    }
    if (inserted && (await this.repo.insertFollowNotice(actor.id, target.id))) {
      const who = actor.handle ? `@${actor.handle}` : actor.name;
      await this.notifications
        .notify(target.id, {
          kind: 'new_follower',
          title: `${who} started following you`,
          url: actor.handle ? `/profile/${actor.handle}` : `/profile/user/${actor.id}`,
          data: { follower_id: actor.id },
        })
        .catch((error: Error) => this.logger.warn(`new_follower notification failed: ${error.message}`));
    }
    return { following: true, followers_count: await this.repo.countFollowers(target.id) };
  }

  async unfollow(actor: User, targetId: string): Promise<{ following: boolean; followers_count: number }> {
    const target = await this.userOr404(targetId);
    await this.repo.deleteFollow(actor.id, target.id);
    return { following: false, followers_count: await this.repo.countFollowers(target.id) };
  }

  /** Follows made in [start, end) and still held, per followed user (the creator metrics rollup). */
  newFollowersBetween(start: Date, end: Date): Promise<Array<{ userId: string; count: number }>> {
    return this.repo.newFollowersBetween(start, end);
  }

  /** How many followers the user has now. */
  followerCount(userId: string): Promise<number> {
    return this.repo.countFollowers(userId);
  }

  isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    return this.repo.isFollowing(followerId, followeeId);
  }

  /** A batch of `userId`'s followers' ids after `afterId` (keyset, for fan-outs over every follower). */
  followerIdsAfter(userId: string, afterId: string | null, limit: number): Promise<string[]> {
    return this.repo.followerIdsAfter(userId, afterId, limit);
  }

  /** Who `userId` follows (direction 'followings') or who follows them ('followers'), newest first. */
  async followList(
    direction: 'followers' | 'followings',
    userId: string,
    page: number,
    perPage: number,
  ): Promise<LinkedPage<FollowUserJson>> {
    const [mine, theirs] =
      direction === 'followers' ? (['followeeId', 'followerId'] as const) : (['followerId', 'followeeId'] as const);
    const [rows, total] = await this.repo.followPage(mine, userId, (page - 1) * perPage, perPage);
    const users = await this.users.findByIds(rows.map((r) => r[theirs]));
    const byId = new Map(users.map((u) => [u.id, u]));
    const data = rows.filter((r) => byId.has(r[theirs])).map((r) => toFollowUserJson(byId.get(r[theirs])!, r));
    return paginate(data, total, page, perPage, `/api/${direction}`, { user_id: userId, per_page: perPage });
  }

  // ---- markets ----------------------------------------------------------------

  async searchMarkets(search: string | undefined, page: number, perPage: number): Promise<LinkedPage<MarketJson>> {
    const [rows, total] = await this.repo.searchMarkets(search, (page - 1) * perPage, perPage);
    return paginate(rows.map(toMarketJson), total, page, perPage, '/api/markets', { search });
  }

  async marketsOf(userId: string): Promise<MarketJson[]> {
    return (await this.repo.marketsOfUser(userId, MAX_MARKETS_PER_USER)).map(toMarketJson);
  }

  async addMarket(actor: User, dto: AddMarketDto): Promise<{ market: MarketJson; markets: MarketJson[] }> {
    const userId = dto.user_id ?? actor.id;
    requireSelfOrAdmin(actor, userId);
    await this.userOr404(userId);
    const market = (await this.repo.marketByName(dto.name)) ?? (await this.newMarket(dto));
    await this.repo.transaction(async (tx) => {
      // Lock the user's row so two requests cannot both pass the limit check.
      await this.users.lock(tx, userId);
      const count = await this.repo.countUserMarkets(tx, userId);
      if (await this.repo.hasUserMarket(tx, userId, market.id)) return;
      if (count >= MAX_MARKETS_PER_USER)
        throw ValidationFailedException.of('name', `You can list at most ${MAX_MARKETS_PER_USER} markets.`);
      await this.repo.insertUserMarket(tx, userId, market.id);
    });
    return { market: toMarketJson(market), markets: await this.marketsOf(userId) };
  }

  /** A market the catalogue lacks, placed by the geocoder when the request gives no coordinates. */
  private async newMarket(dto: AddMarketDto): Promise<Market> {
    let { latitude, longitude } = dto;
    let countryCode = dto.country_code ?? null;
    if (latitude === undefined || longitude === undefined) {
      const [place] = await this.geocoder.search([dto.city ?? dto.name, dto.state].filter(Boolean).join(', '), 1);
      latitude = place?.lat;
      longitude = place?.lng;
      countryCode ??= place?.country_code ?? null;
    }
    return this.repo.insertMarket({
      name: dto.name,
      city: dto.city ?? null,
      state: dto.state ?? null,
      countryCode,
      latitude: latitude ?? null,
      longitude: longitude ?? null,
    });
  }

  async detachMarket(actor: User, marketId: string, userId: string): Promise<MarketJson[]> {
    requireSelfOrAdmin(actor, userId);
    if (!(await this.repo.deleteUserMarket(userId, marketId)))
      throw new NotFoundException('There is no such market for this user.');
    return this.marketsOf(userId);
  }

  // ---- stats --------------------------------------------------------------------

  /** Set values (and, for oneself, every stat of the catalogue so the form can fill them in). */
  async statsOf(userId: string, includeEmpty: boolean): Promise<StatJson[]> {
    return (await this.repo.statsWithValues(userId))
      .map(({ stat, value }) => toStatJson(stat, value))
      .filter((s) => includeEmpty || s.value !== null);
  }

  async updateStat(actor: User, statId: string, value: string | null | undefined): Promise<StatJson[]> {
    const stat = statId.length <= 40 ? await this.repo.findStat(statId) : null;
    if (!stat) throw new NotFoundException('There is no such stat.');
    if (value === null || value === undefined || value === '') {
      await this.repo.deleteUserStat(actor.id, statId);
    } else {
      if (stat.kind === 'number' && !/^\d{1,9}(\.\d{1,2})?$/.test(value))
        throw ValidationFailedException.of('value', `${stat.label} must be a number.`);
      if (stat.kind === 'money' && !PRICE_PATTERN.test(value.replace(/,/g, '')))
        throw ValidationFailedException.of('value', `${stat.label} must be an amount like 2500000.`);
      await this.repo.setUserStat(actor.id, statId, stat.kind === 'money' ? value.replace(/,/g, '') : value);
    }
    return this.statsOf(actor.id, true);
  }
}
