import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { decodeCursor, encodeCursor, type KeysetCursor } from '../../common/keyset';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { DelegationService } from '../open-creative';
import { UsersService, type User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { Spot, Walkthrough } from './entities';
import { newSlug } from './ids';
import { NodeCaches } from '../../infra/node-caches';
import { ListingDirectory, type ListingSummary } from './listing-directory';
import { SpotPublishHolds, type SpotHeldAction } from './spot-publish-holds';
import { VideoAccessService } from './video-access.service';
import { toSpotJson, type FeedPageJson, type SpotJson } from './video.mapper';
import { VideoRepository, type FeedRow } from './video.repository';
import { managesVideoWork, requireSameListing, requireVideoManager } from './video.policy';
import { Clock } from '../../common/clock';

export interface SpotChanges {
  title?: string;
  caption?: string | null;
  published?: boolean;
  listing_id?: string | null;
  video_id?: string | null;
}

export const FEED_PAGE_SIZE = 10;
/** Published spots are counted up to this many; above it the feed answers "1,000+" (`total_is_capped`). */
export const FEED_TOTAL_CAP = 1_000;

/** A feed page by number (`page`) or below a previous answer's last spot (`cursor`). */
export interface FeedRequest {
  page?: number;
  perPage?: number;
  cursor?: string;
}
const FEED_CACHE_MS = 2_000;

@Injectable()
export class SpotsService {
  private readonly feedCache = new Map<
    string,
    { rows: Promise<FeedRows>; at: number; guest?: Promise<FeedPageJson> }
  >();
  private totalCache?: { value: Promise<number>; at: number };

  constructor(
    private readonly repo: VideoRepository,
    private readonly access: VideoAccessService,
    private readonly listings: ListingDirectory,
    private readonly users: UsersService,
    private readonly caches: NodeCaches,
    private readonly holds: SpotPublishHolds,
    private readonly delegation: DelegationService,
    private readonly clock: Clock,
  ) {
    caches.register('spots-feed', () => {
      this.feedCache.clear();
      this.totalCache = undefined;
    });
  }

  async findBySlug(slug: string): Promise<Spot> {
    const spot = slug.length <= 64 ? await this.repo.findSpot({ slug }) : null;
    if (!spot) throw new NotFoundException('There is no spot with that slug.');
    return spot;
  }

  canManage(spot: Pick<Spot, 'userId'>, user: Pick<User, 'id' | 'role'> | null | undefined): boolean {
    return managesVideoWork(spot, user);
  }

  async findManageable(user: User, slug: string): Promise<Spot> {
    const spot = await this.findBySlug(slug);
    if (this.canManage(spot, user)) return spot;
    // A creative manager with an active spots:edit grant from the spot's owner (checked again on the write).
    requireVideoManager(await this.delegation.can(user.id, spot.userId, 'spots:edit', spot.listingId), 'spot');
    return spot;
  }

  async findViewable(user: User | null | undefined, slug: string): Promise<Spot> {
    const spot = await this.findBySlug(slug);
    if (this.canManage(spot, user) || (await this.access.spotIsPublic(spot))) return spot;
    if (user && (await this.delegation.can(user.id, spot.userId, 'spots:read', spot.listingId))) {
      await this.delegation.act(user.id, spot.userId, 'spots:read', spotResource(spot, 'Viewed the draft spot'));
      return spot;
    }
    throw new NotFoundException('There is no spot with that slug.');
  }

  async create(user: User, walkthrough: Walkthrough, changes: SpotChanges): Promise<Spot> {
    const title = (changes.title ?? '').trim().slice(0, 160);
    const spot = this.repo.newSpot({
      slug: newSlug(title || walkthrough.title),
      userId: walkthrough.userId,
      walkthroughId: walkthrough.id,
      listingId: walkthrough.listingId,
      title,
      caption: null,
      published: false,
      publishedAt: null,
      videoId: null,
    });
    return this.apply(user, spot, changes);
  }

  async update(user: User, spot: Spot, changes: SpotChanges): Promise<Spot> {
    return this.apply(user, spot, changes);
  }

  private async apply(user: User, spot: Spot, changes: SpotChanges): Promise<Spot> {
    if (spot.published && changes.published === false) await this.assertNotHeld(spot, 'unpublish');
    if (spot.published && changes.video_id !== undefined && changes.video_id !== spot.videoId)
      await this.assertNotHeld(spot, 'replace_video');
    const delegated = !this.canManage(spot, user);
    const changed = (Object.keys(changes) as Array<keyof SpotChanges>).filter((k) => changes[k] !== undefined);
    requireSameListing(delegated, changes.listing_id, spot.listingId, 'spot');
    if (changes.title !== undefined) spot.title = changes.title.trim().slice(0, 160);
    if (changes.caption !== undefined) spot.caption = changes.caption;
    if (changes.listing_id !== undefined && changes.listing_id !== spot.listingId) {
      if (changes.listing_id !== null) {
        const listing = await this.listings.findOne(changes.listing_id);
        if (!listing || (listing.userId !== spot.userId && user.role !== 'admin'))
          throw ValidationFailedException.of('listing_id', 'Choose one of your listings.');
      }
      spot.listingId = changes.listing_id;
    }
    if (changes.video_id !== undefined) {
      if (changes.video_id !== null) {
        const video = isUuid(changes.video_id) ? await this.repo.findVideo({ id: changes.video_id }) : null;
        if (!video || video.userId !== spot.userId)
          throw ValidationFailedException.of('video_id', 'Choose one of your videos.');
      }
      spot.videoId = changes.video_id;
    }
    if (changes.published !== undefined && changes.published !== spot.published) {
      if (changes.published) {
        const video = spot.videoId ? await this.repo.findVideo({ id: spot.videoId }) : null;
        if (!video || video.status !== 'ready')
          throw ValidationFailedException.of('published', 'A spot can be published once its video is ready.');
      }
      spot.published = changes.published;
      spot.publishedAt = changes.published ? this.clock.now() : null;
    }
    // A manager's change: the grant is checked again, and the write and its log line commit together.
    const what = spot.id ? `Changed ${changed.join(', ') || 'nothing'} of the spot` : 'Created the spot';
    const saved = delegated
      ? await this.delegation.actWith(user.id, spot.userId, 'spots:edit', spotResource(spot, what), (m) =>
          this.repo.saveSpot(spot, m),
        )
      : await this.repo.saveSpot(spot);
    this.access.forgetAll();
    this.caches.forget('spots-feed');
    return saved;
  }

  /** A published spot another area holds (an arena entry) keeps its video and stays published: 409 with why. */
  async assertNotHeld(spot: Spot, action: SpotHeldAction): Promise<void> {
    const held = spot.id ? await this.holds.reason(spot, action) : null;
    if (held) throw new ConflictException(held);
  }

  async toJson(spot: Spot, viewer: User | null | undefined): Promise<SpotJson> {
    const [json] = await this.toJsonMany([spot], viewer);
    return json;
  }

  /** Spots with their video, walkthrough slug, listing summary and realtor, in a fixed number of queries. */
  async toJsonMany(
    spots: Spot[],
    viewer: User | null | undefined,
    knownListings?: Map<string, ListingSummary>,
  ): Promise<SpotJson[]> {
    if (!spots.length) return [];
    const ids = <T>(values: Array<T | null>) => [...new Set(values.filter((v): v is T => v !== null))];
    const videoIds = ids(spots.map((s) => s.videoId));
    const [videos, slugById, owners, listings] = await Promise.all([
      this.repo.videosByIds(videoIds),
      this.repo.walkthroughSlugs(ids(spots.map((s) => s.walkthroughId))),
      this.users.findByIds(ids(spots.map((s) => s.userId))),
      knownListings ?? this.listings.find(ids(spots.map((s) => s.listingId))),
    ]);
    const videoById = new Map(videos.map((v) => [v.id, v]));
    const ownerById = new Map(owners.map((u) => [u.id, u]));
    return spots.map((spot) => {
      const manager = this.canManage(spot, viewer);
      const video = spot.videoId ? videoById.get(spot.videoId) : undefined;
      return toSpotJson(spot, {
        video: video && (manager || video.status === 'ready') ? video : null,
        walkthroughSlug: slugById.get(spot.walkthroughId) ?? null,
        listing: spot.listingId ? (listings.get(spot.listingId) ?? null) : null,
        owner: ownerById.get(spot.userId) ?? null,
        viewer,
      });
    });
  }

  /**
   * The swipe feed: published spots whose video is ready, newest first. Spots of listings that are
   * not published are left out of the page (the page may come back shorter; paging goes on). `cursor` (a
   * previous answer's `next_cursor`) continues below that answer's last spot by keyset, so spots published
   * meanwhile never shift the pages; `page` alone pages by offset. A bad cursor is a 422.
   */
  async feed(viewer: User | null | undefined, request: FeedRequest = {}): Promise<FeedPageJson> {
    const page = request.page ?? 1;
    const perPage = request.perPage ?? FEED_PAGE_SIZE;
    const after = decodeCursor(request.cursor);
    // Everyone reads the same pages: a short micro-cache of the page's rows absorbs bursts (dropped on every node
    // on a publish change; anything else shows within FEED_CACHE_MS). Only the viewer's own videos answer
    // differently (their owner fields), so a signed-in answer is mapped from the shared rows; guests share the JSON.
    const key = `${page}:${perPage}:${request.cursor ?? ''}`;
    let hit = this.feedCache.get(key);
    if (!hit || performance.now() - hit.at >= FEED_CACHE_MS) {
      const rows = this.loadFeed(after, page, perPage);
      if (this.feedCache.size > 1_000) this.feedCache.clear();
      hit = { rows, at: performance.now() };
      this.feedCache.set(key, hit);
      const entry = hit;
      rows.catch(() => this.feedCache.get(key) === entry && this.feedCache.delete(key));
    }
    if (viewer) return feedJson(await hit.rows, viewer, page, perPage);
    hit.guest ??= hit.rows.then((rows) => feedJson(rows, null, page, perPage));
    return hit.guest;
  }

  /**
   * One query per page (VideoRepository.feedPage, one row more than the page to know `has_more`) beside the
   * capped total. The total is counted only up to FEED_TOTAL_CAP + 1 spots (an index walk that stops there, not
   * a count of the catalogue), shared by all viewers for FEED_CACHE_MS and dropped on a publish change here;
   * above the cap it answers FEED_TOTAL_CAP with `total_is_capped`, and `last_page` stays one ahead of a page
   * that has more, so page-number clients keep paging. Listing summaries come from the ListingDirectory.
   */
  private async loadFeed(after: KeysetCursor | null, page: number, perPage: number): Promise<FeedRows> {
    const [fetched, counted] = await Promise.all([
      this.repo.feedPage(after, (page - 1) * perPage, perPage + 1),
      this.feedTotal(),
    ]);
    const rows = fetched.slice(0, perPage);
    const listingIds = [...new Set(rows.map((row) => row.spot.listingId).filter((id): id is string => !!id))];
    const listings = listingIds.length ? await this.listings.find(listingIds) : new Map<string, ListingSummary>();
    return { rows, hasMore: fetched.length > perPage, counted, listings };
  }

  /** Published spots with a ready video counted up to FEED_TOTAL_CAP + 1, shared for FEED_CACHE_MS. */
  private feedTotal(): Promise<number> {
    if (this.totalCache && performance.now() - this.totalCache.at < FEED_CACHE_MS) return this.totalCache.value;
    const value = this.repo.feedTotalUpTo(FEED_TOTAL_CAP + 1);
    const entry = { value, at: performance.now() };
    this.totalCache = entry;
    value.catch(() => {
      if (this.totalCache === entry) this.totalCache = undefined;
    });
    return value;
  }

  /** Slug and title of spots and walkthroughs by id (the creator metrics' top content). */
  contentLabels(ids: string[]): Promise<Map<string, { slug: string; title: string }>> {
    return this.repo.contentLabels(ids);
  }

  /** Spots published in [start, end), for the admin metrics rollup. */
  publishedBetween(start: Date, end: Date): Promise<number> {
    return this.repo.spotsPublishedBetween(start, end);
  }
}

/** A spot as the delegation log names it (by slug, as its pages are addressed). */
function spotResource(spot: Spot, what: string) {
  return { type: 'spot' as const, id: spot.slug, listingId: spot.listingId, summary: `${what} "${spot.title}"` };
}

/** A feed page's rows as read (before any viewer): the spots, whether more follow, the capped total, listings. */
interface FeedRows {
  rows: FeedRow[];
  hasMore: boolean;
  counted: number;
  listings: Map<string, ListingSummary>;
}

/** A feed page as `viewer` sees it (their own videos carry owner fields); see SpotsService.loadFeed for the total. */
function feedJson(feed: FeedRows, viewer: User | null, page: number, perPage: number): FeedPageJson {
  const { rows, hasMore, counted, listings } = feed;
  const data: SpotJson[] = [];
  for (const { spot, video, walkthroughSlug, owner } of rows) {
    if (spot.listingId && !listings.get(spot.listingId)?.published) continue; // listing not public: left out of the page
    data.push(
      toSpotJson(spot, {
        video,
        walkthroughSlug,
        listing: spot.listingId ? (listings.get(spot.listingId) ?? null) : null,
        owner,
        viewer,
      }),
    );
  }
  const last = rows[rows.length - 1];
  const capped = counted > FEED_TOTAL_CAP;
  const total = capped ? FEED_TOTAL_CAP : counted;
  const answer: FeedPageJson = {
    ...pageOf(data, page, perPage, total),
    next_cursor: hasMore && last ? encodeCursor(last.cursorAt, last.spot.id) : null,
    has_more: hasMore,
  };
  if (capped) {
    answer.total_is_capped = true;
    answer.last_page = Math.max(answer.last_page, hasMore ? page + 1 : page);
  }
  return answer;
}
