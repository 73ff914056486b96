import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { preparedQuery } from '../../database/raw-rows';
import { Follow, Market, Stat, UserMarket, UserStat } from './people.entities';

type Tx = EntityManager;

/** The new market's columns (its name is unique without regard to case). */
export type NewMarket = Pick<Market, 'name' | 'city' | 'state' | 'countryCode' | 'latitude' | 'longitude'>;

/**
 * The only place with SQL/TypeORM for follows, follow_notices, markets, user_markets, stats and user_stats.
 * Methods that take a `Tx` run inside the caller's transaction (`transaction(work)`).
 */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- profile versions ----

  /**
   * The profile's version and the catalogues' (the nil uuid's row) as one string: both are raised by database
   * triggers on every write a profile shows (migration ProfileVersions1765570000000), so an equal string proves
   * a page built earlier still true. One indexed read, a named prepared statement.
   */
  async profileVersion(userId: string): Promise<string> {
    const [row] = await preparedQuery<{ v: string }>(
      this.db,
      'people_profile_version',
      `SELECT coalesce((SELECT version FROM profile_versions WHERE user_id = $1), 0) || '.' ||
              coalesce((SELECT version FROM profile_versions
                        WHERE user_id = '00000000-0000-0000-0000-000000000000'), 0) AS v`,
      [userId],
    );
    return row.v;
  }

  // ---- follows ----

  countFollowers(userId: string): Promise<number> {
    return this.db.getRepository(Follow).countBy({ followeeId: userId });
  }

  countFollowings(userId: string): Promise<number> {
    return this.db.getRepository(Follow).countBy({ followerId: userId });
  }

  /** A profile's follower and following counts and whether `viewerId` follows it, in one statement. */
  async followSummary(
    userId: string,
    viewerId: string | null,
  ): Promise<{ followers: number; followings: number; isFollowing: boolean }> {
    const [row] = await this.db.query<Array<{ followers: string; followings: string; is_following: boolean | null }>>(
      `SELECT count(*) FILTER (WHERE followee_id = $1) AS followers,
              count(*) FILTER (WHERE follower_id = $1) AS followings,
              bool_or(follower_id = $2 AND followee_id = $1) AS is_following
       FROM follows WHERE followee_id = $1 OR follower_id = $1`,
      [userId, viewerId],
    );
    return { followers: Number(row.followers), followings: Number(row.followings), isFollowing: !!row.is_following };
  }

  /** Follows created in [start, end), counted per followed user (by the created_at index). */
  async newFollowersBetween(start: Date, end: Date): Promise<Array<{ userId: string; count: number }>> {
    const rows = await this.db.query<Array<{ followee_id: string; n: number }>>(
      `SELECT followee_id, count(*)::int AS n FROM follows WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
      [start, end],
    );
    return rows.map((r) => ({ userId: r.followee_id, count: r.n }));
  }

  isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    return this.db.getRepository(Follow).existsBy({ followerId, followeeId });
  }

  /** Follower ids of `userId` after `afterId`, in id order (keyset over the follows primary key). */
  async followerIdsAfter(userId: string, afterId: string | null, limit: number): Promise<string[]> {
    const qb = this.db
      .getRepository(Follow)
      .createQueryBuilder('f')
      .select('f.followerId', 'id')
      .where('f.followeeId = :userId', { userId })
      .orderBy('f.followerId')
      .limit(limit);
    if (afterId) qb.andWhere('f.followerId > :afterId', { afterId });
    return (await qb.getRawMany<{ id: string }>()).map((r) => r.id);
  }

  /** Adds the follow; true when it is new (following twice is a no-op). */
  async insertFollow(followerId: string, followeeId: string): Promise<boolean> {
    const inserted = await this.db
      .getRepository(Follow)
      .createQueryBuilder()
      .insert()
      .values({ followerId, followeeId })
      .orIgnore()
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }

  async deleteFollow(followerId: string, followeeId: string): Promise<void> {
    await this.db.getRepository(Follow).delete({ followerId, followeeId });
  }

  /** Records that this follower was announced to this followee; true only the first time. */
  async insertFollowNotice(followerId: string, followeeId: string): Promise<boolean> {
    const rows = (await this.db.query(
      `INSERT INTO follow_notices (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING follower_id`,
      [followerId, followeeId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** One page of follows where `column` is the user, newest first, and their total. */
  followPage(
    column: 'followerId' | 'followeeId',
    userId: string,
    offset: number,
    limit: number,
  ): Promise<[Follow[], number]> {
    return this.db.getRepository(Follow).findAndCount({
      where: { [column]: userId },
      order: { createdAt: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  // ---- markets ----

  /** Markets by name (a case-insensitive substring; LIKE wildcards in `search` match themselves). */
  searchMarkets(search: string | undefined, offset: number, limit: number): Promise<[Market[], number]> {
    const qb = this.db.getRepository(Market).createQueryBuilder('m').orderBy('lower(m.name)').addOrderBy('m.id');
    if (search) qb.where('m.name ILIKE :like', { like: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    return qb.skip(offset).take(limit).getManyAndCount();
  }

  marketByName(name: string): Promise<Market | null> {
    return this.db
      .getRepository(Market)
      .createQueryBuilder('m')
      .where('lower(m.name) = lower(:name)', { name })
      .getOne();
  }

  /** Inserts the market unless one of that name exists; answers the market of that name either way. */
  async insertMarket(market: NewMarket): Promise<Market> {
    await this.db.getRepository(Market).createQueryBuilder().insert().values(market).orIgnore().execute();
    return this.db
      .getRepository(Market)
      .createQueryBuilder('m')
      .where('lower(m.name) = lower(:name)', { name: market.name })
      .getOneOrFail();
  }

  marketsByIds(ids: string[]): Promise<Market[]> {
    return ids.length ? this.db.getRepository(Market).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** A user's markets in the order they were added, at most `limit`, in one statement. */
  marketsOfUser(userId: string, limit: number): Promise<Market[]> {
    return this.db
      .getRepository(Market)
      .createQueryBuilder('m')
      .innerJoin(UserMarket, 'um', 'um.market_id = m.id')
      .where('um.user_id = :userId', { userId })
      .orderBy('um.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** A user's market links, oldest first, at most `limit`. */
  userMarkets(userId: string, limit: number): Promise<UserMarket[]> {
    return this.db.getRepository(UserMarket).find({ where: { userId }, order: { createdAt: 'ASC' }, take: limit });
  }

  countUserMarkets(m: Tx, userId: string): Promise<number> {
    return m.getRepository(UserMarket).countBy({ userId });
  }

  hasUserMarket(m: Tx, userId: string, marketId: string): Promise<boolean> {
    return m.getRepository(UserMarket).existsBy({ userId, marketId });
  }

  async insertUserMarket(m: Tx, userId: string, marketId: string): Promise<void> {
    await m.getRepository(UserMarket).insert({ userId, marketId });
  }

  /** Removes the link; true when there was one. */
  async deleteUserMarket(userId: string, marketId: string): Promise<boolean> {
    const result = await this.db.getRepository(UserMarket).delete({ userId, marketId });
    return !!result.affected;
  }

  // ---- stats ----

  /** The stat catalogue in order, each with the user's value (null when unset), in one statement. */
  async statsWithValues(userId: string): Promise<Array<{ stat: Stat; value: string | null }>> {
    const { entities, raw } = await this.db
      .getRepository(Stat)
      .createQueryBuilder('s')
      .leftJoin(UserStat, 'us', 'us.stat_id = s.id AND us.user_id = :userId', { userId })
      .addSelect('us.value', 'user_value')
      .orderBy('s.position', 'ASC')
      .getRawAndEntities<{ s_id: string; user_value: string | null }>();
    const values = new Map(raw.map((r) => [r.s_id, r.user_value]));
    return entities.map((stat) => ({ stat, value: values.get(stat.id) ?? null }));
  }

  statCatalogue(): Promise<Stat[]> {
    return this.db.getRepository(Stat).find({ order: { position: 'ASC' } });
  }

  findStat(id: string): Promise<Stat | null> {
    return this.db.getRepository(Stat).findOneBy({ id });
  }

  userStats(userId: string): Promise<UserStat[]> {
    return this.db.getRepository(UserStat).findBy({ userId });
  }

  async setUserStat(userId: string, statId: string, value: string): Promise<void> {
    await this.db.getRepository(UserStat).upsert({ userId, statId, value }, ['userId', 'statId']);
  }

  async deleteUserStat(userId: string, statId: string): Promise<void> {
    await this.db.getRepository(UserStat).delete({ userId, statId });
  }
}
