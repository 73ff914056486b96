import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, Repository } from 'typeorm';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import { hydrate, preparedQuery, selectList } from '../../database/raw-rows';
import { Spot, Video, VideoList, VideoListItem, Walkthrough } from './entities';
import { LISTING_MEDIA_SQL } from './listing-media.sql';

type Tx = EntityManager;

/** One row of the swipe feed: the spot, its ready video, its walkthrough's slug and its realtor. */
export interface FeedRow {
  spot: Spot;
  video: Video;
  walkthroughSlug: string | null;
  /** The spot's published_at to the microsecond (ISO, UTC): the keyset cursor's time. */
  cursorAt: string;
  owner: { id: string; name: string; handle: string | null; avatarPath: string | null } | null;
}

/** Video columns enough to tell a listing's media (playback ids of ready videos, walkthrough order). */
/** One listing's media as the listings contract shapes it (JSON built in SQL by `listingMedia`). */
export interface ListingMediaRow {
  listing_id: string;
  spot: { slug: string; video: { playback_id: string | null } | null } | null;
  spot_video: { id: string; playback_id: string | null } | null;
  walkthrough: { slug: string; videos: Array<{ slug: string; playback_id: string | null }> } | null;
}

/**
 * The only place with SQL/TypeORM for the video area's tables: walkthroughs, videos, spots, video_lists and
 * video_list_items. Methods that take a `Tx` run inside the caller's transaction (`transaction(work)`).
 */
@Injectable()
export class VideoRepository {
  private feedSql?: { offset: string; keyset: string };

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private get videos(): Repository<Video> {
    return this.db.getRepository(Video);
  }

  private get walkthroughs(): Repository<Walkthrough> {
    return this.db.getRepository(Walkthrough);
  }

  private get spots(): Repository<Spot> {
    return this.db.getRepository(Spot);
  }

  private get lists(): Repository<VideoList> {
    return this.db.getRepository(VideoList);
  }

  // ---- videos ----

  findVideo(where: FindOptionsWhere<Video>): Promise<Video | null> {
    return this.videos.findOneBy(where);
  }

  videosByIds(ids: string[]): Promise<Video[]> {
    return ids.length ? this.videos.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** A user's videos in a given status (the demo seed re-queues its cut-off transcodes). */
  videosOf(userId: string, status: Video['status']): Promise<Video[]> {
    return this.videos.find({ where: { userId, status } });
  }

  /** How many of these ids are videos of the user (ids that are not uuids count as none). */
  async countOwnedVideos(ids: string[], userId: string): Promise<number> {
    return ids.length ? this.videos.countBy({ id: In(ids), userId }) : 0;
  }

  /** The position after the walkthrough's last video. */
  async nextPosition(walkthroughId: string): Promise<number> {
    const row = await this.videos
      .createQueryBuilder('v')
      .select('COALESCE(MAX(v.position), -1) + 1', 'next')
      .where('v.walkthrough_id = :id', { id: walkthroughId })
      .getRawOne<{ next: number }>();
    return Number(row?.next ?? 0);
  }

  insertVideo(video: Partial<Video>): Promise<Video> {
    return this.videos.save(this.videos.create(video));
  }

  saveVideo(video: Video): Promise<Video> {
    return this.videos.save(video);
  }

  /** Changes the video where `where` still holds (e.g. only while processing). */
  async updateVideo(where: FindOptionsWhere<Video>, changes: Partial<Video>): Promise<void> {
    await this.videos.update(where, changes);
  }

  async deleteVideo(id: string): Promise<void> {
    await this.videos.delete({ id });
  }

  /** A walkthrough's videos in play order, only the ready ones when asked. */
  walkthroughVideos(walkthroughId: string, onlyReady: boolean): Promise<Video[]> {
    return this.videos.find({
      where: { walkthroughId, ...(onlyReady ? { status: 'ready' as const } : {}) },
      order: { position: 'ASC', createdAt: 'ASC' },
    });
  }

  /** How many of `ids` are videos of the walkthrough. */
  countWalkthroughVideos(m: Tx, walkthroughId: string, ids: string[]): Promise<number> {
    return m.getRepository(Video).countBy({ id: In(ids), walkthroughId });
  }

  /** Sets each video's position to its index in `ids` (only the walkthrough's videos move). */
  async setPositions(m: Tx, walkthroughId: string, ids: string[]): Promise<void> {
    for (const [index, id] of ids.entries()) await m.update(Video, { id, walkthroughId }, { position: index });
  }

  /** The walkthroughs' videos in order, only the columns a listing's media needs. */
  // ---- walkthroughs ----

  findWalkthrough(where: FindOptionsWhere<Walkthrough>): Promise<Walkthrough | null> {
    return this.walkthroughs.findOneBy(where);
  }

  hasWalkthroughs(userId: string): Promise<boolean> {
    return this.walkthroughs.existsBy({ userId });
  }

  insertWalkthrough(walkthrough: Partial<Walkthrough>): Promise<Walkthrough> {
    return this.walkthroughs.save(this.walkthroughs.create(walkthrough));
  }

  async saveWalkthrough(m: Tx, walkthrough: Walkthrough): Promise<void> {
    await m.save(walkthrough);
  }

  walkthroughPage(userId: string, offset: number, limit: number): Promise<[Walkthrough[], number]> {
    return this.walkthroughs.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  /** Slugs by walkthrough id. */
  async walkthroughSlugs(ids: string[]): Promise<Map<string, string>> {
    const rows = ids.length
      ? await this.walkthroughs.find({ where: { id: In(ids) }, select: { id: true, slug: true } })
      : [];
    return new Map(rows.map((w) => [w.id, w.slug]));
  }

  /** Slug and title of spots and walkthroughs by id (either kind; ids are uuids, so they never collide). */
  async contentLabels(ids: string[]): Promise<Map<string, { slug: string; title: string }>> {
    if (!ids.length) return new Map();
    const select = { id: true, slug: true, title: true } as const;
    const rows = [
      ...(await this.spots.find({ where: { id: In(ids) }, select })),
      ...(await this.walkthroughs.find({ where: { id: In(ids) }, select })),
    ];
    return new Map(rows.map((r) => [r.id, { slug: r.slug, title: r.title }]));
  }

  // ---- spots ----

  findSpot(where: FindOptionsWhere<Spot>): Promise<Spot | null> {
    return this.spots.findOneBy(where);
  }

  /** An unsaved spot (saveSpot inserts it). */
  newSpot(fields: Partial<Spot>): Spot {
    return this.spots.create(fields);
  }

  /** Inserts or updates a spot; inside the caller's transaction when given one. */
  saveSpot(spot: Spot, m?: Tx): Promise<Spot> {
    return (m ? m.getRepository(Spot) : this.spots).save(spot);
  }

  /** A walkthrough's spots, oldest first, only the published ones when asked. */
  spotsOfWalkthrough(walkthroughId: string, onlyPublished: boolean): Promise<Spot[]> {
    return this.spots.find({
      where: { walkthroughId, ...(onlyPublished ? { published: true } : {}) },
      order: { createdAt: 'ASC' },
    });
  }

  publishedSpotsOfVideo(videoId: string): Promise<Spot[]> {
    return this.spots.find({ where: { videoId, published: true } });
  }

  /** A user's spots that are not published. */
  unpublishedSpotsOf(userId: string): Promise<Spot[]> {
    return this.spots.find({ where: { userId, published: false } });
  }

  /**
   * Every listing's spot, spot video and walkthrough (with its videos) in one statement, built as JSON in SQL: for
   * each listing the spot it stores (else its newest linked spot, published first), the walkthrough it stores (else
   * its newest linked one), a playback id only for ready videos. Index lookups per listing (primary keys,
   * spots/walkthroughs by listing_id, videos by walkthrough_id).
   */
  listingMedia(
    refs: Array<{ listingId: string; spotId: string | null; spotVideoId: string | null; walkthroughId: string | null }>,
  ): Promise<ListingMediaRow[]> {
    if (!refs.length) return Promise.resolve([]);
    return preparedQuery<ListingMediaRow>(this.db, 'video_listing_media', LISTING_MEDIA_SQL, [
      refs.map((r) => r.listingId),
      refs.map((r) => r.spotId),
      refs.map((r) => r.spotVideoId),
      refs.map((r) => r.walkthroughId),
    ]);
  }

  /**
   * One query per feed page: published spots with a ready video, newest first (spots_feed_idx walked in
   * order, videos by primary key), with their walkthrough's slug and realtor. `after` (a keyset cursor: the
   * last row's exact published_at and id) starts below that row, so a deep page costs what the first one does;
   * without it `offset` rows are skipped (page numbers). Each row carries its exact key for the next cursor.
   */
  async feedPage(after: KeysetCursor | null, offset: number, limit: number): Promise<FeedRow[]> {
    const spotMeta = this.spots.metadata;
    const videoMeta = this.videos.metadata;
    const sql = (keyset: boolean) => `
      WITH page AS (
        SELECT ${selectList(spotMeta, 's', 's_')}, ${selectList(videoMeta, 'v', 'v_')},
               ${KEYSET_AT_SQL('s.published_at')} AS cursor_at
        FROM spots s JOIN videos v ON v.id = s.video_id AND v.status = 'ready'
        WHERE s.published ${keyset ? 'AND (s.published_at, s.id) < ($2::timestamptz, $3::uuid)' : ''}
        ORDER BY s.published_at DESC, s.id DESC
        LIMIT $1 ${keyset ? '' : 'OFFSET $2'}
      )
      SELECT page.*, w.slug AS w_slug, o.id AS o_id, o.name AS o_name, o.handle AS o_handle, o.avatar_path AS "o_avatarPath"
      FROM page
      JOIN walkthroughs w ON w.id = page."s_walkthroughId"
      LEFT JOIN users o ON o.id = page."s_userId"
      ORDER BY page."s_publishedAt" DESC, page."s_id" DESC`;
    this.feedSql ??= { offset: sql(false), keyset: sql(true) };
    const rows = after
      ? await preparedQuery<Record<string, unknown>>(this.db, 'video_feed_after', this.feedSql.keyset, [
          limit,
          after.exact,
          after.id,
        ])
      : await preparedQuery<Record<string, unknown>>(this.db, 'video_feed_page', this.feedSql.offset, [limit, offset]);
    return rows.map((row) => ({
      spot: hydrate<Spot>(spotMeta, row, 's_'),
      video: hydrate<Video>(videoMeta, row, 'v_'),
      walkthroughSlug: (row.w_slug as string | null) ?? null,
      cursorAt: row.cursor_at as string,
      owner: row.o_id
        ? {
            id: row.o_id as string,
            name: row.o_name as string,
            handle: row.o_handle as string | null,
            avatarPath: row.o_avatarPath as string | null,
          }
        : null,
    }));
  }

  /**
   * Published spots with a ready video, counted only up to `cap` (the same index walk as the page, stopping
   * after `cap` rows): a number that does not grow with the catalogue. `cap` rows found means "at least".
   */
  async feedTotalUpTo(cap: number): Promise<number> {
    const rows = await preparedQuery<{ n: string }>(
      this.db,
      'video_feed_total_capped',
      `SELECT count(*) AS n FROM (
         SELECT 1 FROM spots s JOIN videos v ON v.id = s.video_id AND v.status = 'ready'
         WHERE s.published ORDER BY s.published_at DESC, s.id DESC LIMIT $1
       ) counted`,
      [cap],
    );
    return Number(rows[0].n);
  }

  // ---- video lists ----

  findList(id: string): Promise<VideoList | null> {
    return this.lists.findOneBy({ id });
  }

  /** An unsaved list (saveList inserts it). */
  newList(fields: Partial<VideoList>): VideoList {
    return this.lists.create(fields);
  }

  /** Saves the list and, when `videoIds` is given, replaces its videos with them in that order. */
  saveList(list: VideoList, videoIds: string[] | null): Promise<VideoList> {
    return this.db.transaction(async (m) => {
      const saved = await m.save(list);
      if (videoIds) {
        await m.delete(VideoListItem, { videoListId: saved.id });
        if (videoIds.length)
          await m.insert(
            VideoListItem,
            videoIds.map((videoId, position) => ({ videoListId: saved.id, videoId, position })),
          );
      }
      return saved;
    });
  }

  async deleteList(id: string): Promise<void> {
    await this.lists.delete({ id });
  }

  /** The list's videos in list order, only the ready ones when asked. */
  listVideos(listId: string, onlyReady: boolean): Promise<Video[]> {
    const query = this.videos
      .createQueryBuilder('v')
      .innerJoin(VideoListItem, 'i', 'i.video_id = v.id AND i.video_list_id = :list', { list: listId })
      .orderBy('i.position', 'ASC')
      .addOrderBy('v.created_at', 'ASC');
    if (onlyReady) query.andWhere('v.status = :ready', { ready: 'ready' });
    return query.getMany();
  }

  /** A user's lists, newest first, only the public ones when asked. */
  listPage(userId: string, onlyPublic: boolean, offset: number, limit: number): Promise<[VideoList[], number]> {
    return this.lists.findAndCount({
      where: { userId, ...(onlyPublic ? { isPublic: true } : {}) },
      order: { createdAt: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  listsOf(userId: string, limit: number): Promise<VideoList[]> {
    return this.lists.find({ where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** How many videos each list holds (lists with none are absent). */
  async itemCounts(listIds: string[]): Promise<Map<string, number>> {
    if (!listIds.length) return new Map();
    const counts = await this.db
      .getRepository(VideoListItem)
      .createQueryBuilder('i')
      .select('i.video_list_id', 'id')
      .addSelect('COUNT(*)::int', 'count')
      .where('i.video_list_id IN (:...ids)', { ids: listIds })
      .groupBy('i.video_list_id')
      .getRawMany<{ id: string; count: number }>();
    return new Map(counts.map((c) => [c.id, Number(c.count)]));
  }

  /** Spots published in [start, end) (the admin metrics rollup). */
  /** Videos whose transcode completed (became watchable) in [start, end), by the ready_at index. */
  async videosReadyBetween(start: Date, end: Date): Promise<number> {
    const [{ n }] = await this.db.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM videos WHERE ready_at >= $1 AND ready_at < $2`,
      [start, end],
    );
    return Number(n);
  }

  async spotsPublishedBetween(start: Date, end: Date): Promise<number> {
    const [{ n }] = await this.db.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM spots WHERE published_at >= $1 AND published_at < $2`,
      [start, end],
    );
    return Number(n);
  }
}
