import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Page } from '../../contracts/common';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { UsersService, type User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { Spot, Walkthrough } from './entities';
import { newSlug } from './ids';
import { NodeCaches } from '../../infra/node-caches';
import { ListingDirectory, type ListingSummary } from './listing-directory';
import { VideoAccessService } from './video-access.service';
import { toSpotJson, type SpotJson } from './video.mapper';
import { VideoRepository } from './video.repository';

export interface SpotChanges {
  title?: string;
  caption?: string | null;
  published?: boolean;
  listing_id?: string | null;
  video_id?: string | null;
}

export const FEED_PAGE_SIZE = 10;
const FEED_CACHE_MS = 2_000;

@Injectable()
export class SpotsService {
  private readonly feedCache = new Map<string, { value: Promise<Page<SpotJson>>; at: number }>();
  private totalCache?: { value: Promise<number>; at: number };

  constructor(
    private readonly repo: VideoRepository,
    private readonly access: VideoAccessService,
    private readonly listings: ListingDirectory,
    private readonly users: UsersService,
    private readonly caches: NodeCaches,
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
    return !!user && (user.id === spot.userId || user.role === 'admin');
  }

  async findManageable(user: User, slug: string): Promise<Spot> {
    const spot = await this.findBySlug(slug);
    if (!this.canManage(spot, user)) throw new ForbiddenException('You cannot change a spot that is not yours.');
    return spot;
  }

  async findViewable(user: User | null | undefined, slug: string): Promise<Spot> {
    const spot = await this.findBySlug(slug);
    if (this.canManage(spot, user) || (await this.access.spotIsPublic(spot))) return spot;
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
      spot.publishedAt = changes.published ? new Date() : null;
    }
    const saved = await this.repo.saveSpot(spot);
    this.access.forgetAll();
    this.caches.forget('spots-feed');
    return saved;
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
   * not published are left out of the page (the page may come back shorter; paging goes on).
   */
  async feed(viewer: User | null | undefined, page: number, perPage = FEED_PAGE_SIZE): Promise<Page<SpotJson>> {
    // Guests all see the same pages: a short micro-cache absorbs bursts (a publish shows within FEED_CACHE_MS).
    if (viewer) return this.loadFeed(viewer, page, perPage);
    const key = `${page}:${perPage}`;
    const hit = this.feedCache.get(key);
    if (hit && Date.now() - hit.at < FEED_CACHE_MS) return hit.value;
    const value = this.loadFeed(null, page, perPage);
    if (this.feedCache.size > 1_000) this.feedCache.clear();
    this.feedCache.set(key, { value, at: Date.now() });
    value.catch(() => this.feedCache.delete(key));
    return value;
  }

  /**
   * One query per page (VideoRepository.feedPage). The total (a count over every published spot, which grows
   * with the data) is shared by all viewers for FEED_CACHE_MS like the guest pages and dropped on a publish
   * change here; only `total`/`last_page` can lag, never the items shown. Listing summaries come from the
   * ListingDirectory (cached a few seconds).
   */
  private async loadFeed(viewer: User | null, page: number, perPage: number): Promise<Page<SpotJson>> {
    const [rows, total] = await Promise.all([this.repo.feedPage((page - 1) * perPage, perPage), this.feedTotal()]);
    const listingIds = [...new Set(rows.map((row) => row.spot.listingId).filter((id): id is string => !!id))];
    const listings = listingIds.length ? await this.listings.find(listingIds) : new Map<string, ListingSummary>();
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
    return pageOf(data, page, perPage, total);
  }

  /** Published spots with a ready video, shared for FEED_CACHE_MS. */
  private feedTotal(): Promise<number> {
    if (this.totalCache && Date.now() - this.totalCache.at < FEED_CACHE_MS) return this.totalCache.value;
    const value = this.repo.feedTotal();
    const entry = { value, at: Date.now() };
    this.totalCache = entry;
    value.catch(() => {
      if (this.totalCache === entry) this.totalCache = undefined;
    });
    return value;
  }
}
