import type {
  FollowUser as FollowUserJson,
  Market as MarketJson,
  Profile as ProfileJson,
  Stat as StatJson,
} from '../../contracts/people';
import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { ListingsService } from '../listings';
import { GEOCODER, Geocoder } from '../market';
import { NotificationsService } from '../notifications';
import { paginate, type LinkedPage } from '../../common/pagination';
import { PRICE_PATTERN } from '../properties';
import { toPublicUser, User } from '../users';
import { UsersService } from '../users';
import { AddMarketDto } from './dto/people.dto';
import { Follow, Market, Stat, UserMarket, UserStat } from './people.entities';

export const MAX_MARKETS_PER_USER = 25;

export type { FollowUserJson, MarketJson, ProfileJson, StatJson };

const marketJson = (m: Market): MarketJson => ({
  id: m.id,
  name: m.name,
  city: m.city,
  state: m.state,
  country_code: m.countryCode,
  latitude: m.latitude,
  longitude: m.longitude,
});

/** Profiles by handle, follows, markets and profile stats. */
@Injectable()
export class PeopleService {
  private readonly logger = new Logger('People');

  constructor(
    @InjectRepository(Follow) private readonly follows: Repository<Follow>,
    @InjectRepository(Market) private readonly markets: Repository<Market>,
    @InjectRepository(UserMarket) private readonly userMarkets: Repository<UserMarket>,
    @InjectRepository(Stat) private readonly stats: Repository<Stat>,
    @InjectRepository(UserStat) private readonly userStats: Repository<UserStat>,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly notifications: NotificationsService,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
  ) {}

  async userOr404(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException('There is no user with that id.');
    return user;
  }

  // ---- profiles -----------------------------------------------------------

  async profileByHandle(handle: string, viewer: User | undefined, page = 1): Promise<ProfileJson> {
    const user = handle && handle.length <= 30 ? await this.users.findByHandle(handle.replace(/^@/, '')) : null;
    if (!user) throw new NotFoundException('There is no profile with that handle.');
    return this.profile(user, viewer, page);
  }

  async profile(user: User, viewer: User | undefined, page = 1): Promise<ProfileJson> {
    const [followers, followings, isFollowing, stats, markets, listings] = await Promise.all([
      this.follows.countBy({ followeeId: user.id }),
      this.follows.countBy({ followerId: user.id }),
      viewer && viewer.id !== user.id
        ? this.follows.existsBy({ followerId: viewer.id, followeeId: user.id })
        : Promise.resolve(false),
      this.statsOf(user.id, viewer?.id === user.id),
      this.marketsOf(user.id),
      this.listings.publishedBy(user.id, page, 12),
    ]);
    const isSelf = viewer?.id === user.id;
    return {
      user: {
        ...toPublicUser(user),
        followers_count: followers,
        followings_count: followings,
        listings_count: listings.total,
        is_following: isFollowing,
        is_self: isSelf,
        stats,
        markets,
      },
      listings,
      spots: [],
      message_url: viewer && !isSelf ? `/chats?user=${user.id}` : null,
    };
  }

  // ---- follows --------------------------------------------------------------

  async follow(actor: User, targetId: string): Promise<{ following: boolean; followers_count: number }> {
    const target = await this.userOr404(targetId);
    if (target.id === actor.id) throw ValidationFailedException.of('user_id', 'You cannot follow yourself.');
    const inserted = await this.follows
      .createQueryBuilder()
      .insert()
      .values({ followerId: actor.id, followeeId: target.id })
      .orIgnore()
      .execute();
    if ((inserted.raw as unknown[]).length > 0 && (await this.firstFollowNotice(actor.id, target.id))) {
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
    return { following: true, followers_count: await this.follows.countBy({ followeeId: target.id }) };
  }

  /** True the first time this follower follows this realtor: following again after an unfollow is not news. */
  private async firstFollowNotice(followerId: string, followeeId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO follow_notices (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING follower_id`,
      [followerId, followeeId],
    )) as unknown[];
    return rows.length > 0;
  }

  async unfollow(actor: User, targetId: string): Promise<{ following: boolean; followers_count: number }> {
    const target = await this.userOr404(targetId);
    await this.follows.delete({ followerId: actor.id, followeeId: target.id });
    return { following: false, followers_count: await this.follows.countBy({ followeeId: target.id }) };
  }

  isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    return this.follows.existsBy({ followerId, followeeId });
  }

  /** A batch of `userId`'s followers' ids after `afterId` (keyset, for fan-outs over every follower). */
  async followerIdsAfter(userId: string, afterId: string | null, limit: number): Promise<string[]> {
    const qb = this.follows
      .createQueryBuilder('f')
      .select('f.followerId', 'id')
      .where('f.followeeId = :userId', { userId })
      .orderBy('f.followerId')
      .limit(limit);
    if (afterId) qb.andWhere('f.followerId > :afterId', { afterId });
    return (await qb.getRawMany<{ id: string }>()).map((r) => r.id);
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
    const [rows, total] = await this.follows.findAndCount({
      where: { [mine]: userId },
      order: { createdAt: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    const users = await this.users.findByIds(rows.map((r) => r[theirs]));
    const byId = new Map(users.map((u) => [u.id, u]));
    const data = rows
      .filter((r) => byId.has(r[theirs]))
      .map((r) => ({ ...toPublicUser(byId.get(r[theirs])!), followed_at: r.createdAt.toISOString() }));
    return paginate(data, total, page, perPage, `/api/${direction}`, { user_id: userId, per_page: perPage });
  }

  // ---- markets ----------------------------------------------------------------

  async searchMarkets(search: string | undefined, page: number, perPage: number): Promise<LinkedPage<MarketJson>> {
    const qb = this.markets.createQueryBuilder('m').orderBy('lower(m.name)').addOrderBy('m.id');
    if (search) qb.where('m.name ILIKE :like', { like: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const [rows, total] = await qb
      .skip((page - 1) * perPage)
      .take(perPage)
      .getManyAndCount();
    return paginate(rows.map(marketJson), total, page, perPage, '/api/markets', { search });
  }

  async marketsOf(userId: string): Promise<MarketJson[]> {
    const rows = await this.userMarkets.find({
      where: { userId },
      order: { createdAt: 'ASC' },
      take: MAX_MARKETS_PER_USER,
    });
    if (!rows.length) return [];
    const markets = await this.markets.findBy({ id: In(rows.map((r) => r.marketId)) });
    const byId = new Map(markets.map((m) => [m.id, m]));
    return rows
      .map((r) => byId.get(r.marketId))
      .filter((m): m is Market => !!m)
      .map(marketJson);
  }

  async addMarket(actor: User, dto: AddMarketDto): Promise<{ market: MarketJson; markets: MarketJson[] }> {
    const userId = dto.user_id ?? actor.id;
    if (userId !== actor.id && actor.role !== 'admin')
      throw new ForbiddenException('You can only change your own markets.');
    await this.userOr404(userId);
    let market = await this.markets
      .createQueryBuilder('m')
      .where('lower(m.name) = lower(:name)', { name: dto.name })
      .getOne();
    if (!market) {
      let { latitude, longitude } = dto;
      let countryCode = dto.country_code ?? null;
      if (latitude === undefined || longitude === undefined) {
        const [place] = await this.geocoder.search([dto.city ?? dto.name, dto.state].filter(Boolean).join(', '), 1);
        latitude = place?.lat;
        longitude = place?.lng;
        countryCode ??= place?.country_code ?? null;
      }
      await this.markets
        .createQueryBuilder()
        .insert()
        .values({
          name: dto.name,
          city: dto.city ?? null,
          state: dto.state ?? null,
          countryCode,
          latitude: latitude ?? null,
          longitude: longitude ?? null,
        })
        .orIgnore()
        .execute();
      market = await this.markets
        .createQueryBuilder('m')
        .where('lower(m.name) = lower(:name)', { name: dto.name })
        .getOneOrFail();
    }
    const found = market;
    await this.dataSource.transaction(async (tx) => {
      // Lock the user's row so two requests cannot both pass the limit check.
      await this.users.lock(tx, userId);
      const count = await tx.getRepository(UserMarket).countBy({ userId });
      const already = await tx.getRepository(UserMarket).existsBy({ userId, marketId: found.id });
      if (already) return;
      if (count >= MAX_MARKETS_PER_USER)
        throw ValidationFailedException.of('name', `You can list at most ${MAX_MARKETS_PER_USER} markets.`);
      await tx.getRepository(UserMarket).insert({ userId, marketId: found.id });
    });
    return { market: marketJson(found), markets: await this.marketsOf(userId) };
  }

  async detachMarket(actor: User, marketId: string, userId: string): Promise<MarketJson[]> {
    if (userId !== actor.id && actor.role !== 'admin')
      throw new ForbiddenException('You can only change your own markets.');
    const result = await this.userMarkets.delete({ userId, marketId });
    if (!result.affected) throw new NotFoundException('There is no such market for this user.');
    return this.marketsOf(userId);
  }

  // ---- stats --------------------------------------------------------------------

  /** Set values (and, for oneself, every stat of the catalogue so the form can fill them in). */
  async statsOf(userId: string, includeEmpty: boolean): Promise<StatJson[]> {
    const [catalogue, values] = await Promise.all([
      this.stats.find({ order: { position: 'ASC' } }),
      this.userStats.findBy({ userId }),
    ]);
    const byStat = new Map(values.map((v) => [v.statId, v.value]));
    return catalogue
      .map((s) => ({ stat_id: s.id, label: s.label, kind: s.kind, value: byStat.get(s.id) ?? null }))
      .filter((s) => includeEmpty || s.value !== null);
  }

  async updateStat(actor: User, statId: string, value: string | null | undefined): Promise<StatJson[]> {
    const stat = statId.length <= 40 ? await this.stats.findOneBy({ id: statId }) : null;
    if (!stat) throw new NotFoundException('There is no such stat.');
    if (value === null || value === undefined || value === '') {
      await this.userStats.delete({ userId: actor.id, statId });
    } else {
      if (stat.kind === 'number' && !/^\d{1,9}(\.\d{1,2})?$/.test(value))
        throw ValidationFailedException.of('value', `${stat.label} must be a number.`);
      if (stat.kind === 'money' && !PRICE_PATTERN.test(value.replace(/,/g, '')))
        throw ValidationFailedException.of('value', `${stat.label} must be an amount like 2500000.`);
      await this.userStats.upsert(
        { userId: actor.id, statId, value: stat.kind === 'money' ? value.replace(/,/g, '') : value },
        ['userId', 'statId'],
      );
    }
    return this.statsOf(actor.id, true);
  }
}
