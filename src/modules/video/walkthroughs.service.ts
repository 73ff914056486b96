import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { DelegationService } from '../open-creative';
import { UsersService, type User } from '../users';
import { Video, Walkthrough } from './entities';
import { newSlug } from './ids';
import { ListingDirectory } from './listing-directory';
import { VideoAccessService } from './video-access.service';
import { VideoRepository } from './video.repository';
import { toSpotJson, toWalkthroughJson, type WalkthroughJson } from './video.mapper';
import { managesVideoWork, requireSameListing, requireVideoManager } from './video.policy';

export interface WalkthroughChanges {
  title?: string;
  description?: string | null;
  published?: boolean;
  listing_id?: string | null;
  /** Video ids in their new order. */
  video_order?: string[];
}

@Injectable()
export class WalkthroughsService {
  constructor(
    private readonly repo: VideoRepository,
    private readonly users: UsersService,
    private readonly access: VideoAccessService,
    private readonly listings: ListingDirectory,
    private readonly delegation: DelegationService,
  ) {}

  async findBySlug(slug: string): Promise<Walkthrough> {
    const walkthrough = slug.length <= 64 ? await this.repo.findWalkthrough({ slug }) : null;
    if (!walkthrough) throw new NotFoundException('There is no walkthrough with that slug.');
    return walkthrough;
  }

  canManage(walkthrough: Walkthrough, user: Pick<User, 'id' | 'role'> | null | undefined): boolean {
    return managesVideoWork(walkthrough, user);
  }

  async findManageable(user: User, slug: string): Promise<Walkthrough> {
    const walkthrough = await this.findBySlug(slug);
    if (this.canManage(walkthrough, user)) return walkthrough;
    // A creative manager with an active walkthroughs:edit grant (checked again on the write).
    const granted = await this.delegation.can(user.id, walkthrough.userId, 'walkthroughs:edit', walkthrough.listingId);
    requireVideoManager(granted, 'walkthrough');
    return walkthrough;
  }

  /** Owner/admin always; others only when published (and its listing published). 404 rather than 403 for drafts. */
  async findViewable(user: User | null | undefined, slug: string): Promise<Walkthrough> {
    const walkthrough = await this.findBySlug(slug);
    if (this.canManage(walkthrough, user) || (await this.access.walkthroughIsPublic(walkthrough))) return walkthrough;
    const { userId, listingId } = walkthrough;
    if (user && (await this.delegation.can(user.id, userId, 'walkthroughs:read', listingId))) {
      const seen = walkthroughResource(walkthrough, 'Viewed the unpublished walkthrough');
      await this.delegation.act(user.id, userId, 'walkthroughs:read', seen);
      return walkthrough;
    }
    throw new NotFoundException('There is no walkthrough with that slug.');
  }

  /** For the listings module too: a listing's walkthrough, created with it. */
  async create(
    owner: Pick<User, 'id'>,
    input: { title?: string; listingId?: string | null } = {},
  ): Promise<Walkthrough> {
    const title = (input.title ?? '').trim().slice(0, 160);
    return this.repo.insertWalkthrough({
      slug: newSlug(title),
      userId: owner.id,
      listingId: input.listingId ?? null,
      title,
      published: false,
    });
  }

  async update(user: User, walkthrough: Walkthrough, changes: WalkthroughChanges): Promise<Walkthrough> {
    const delegated = !this.canManage(walkthrough, user);
    requireSameListing(delegated, changes.listing_id, walkthrough.listingId, 'walkthrough');
    const changed = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (changes.listing_id !== undefined && changes.listing_id !== walkthrough.listingId) {
      if (changes.listing_id !== null) {
        const listing = await this.listings.findOne(changes.listing_id);
        if (!listing || (listing.userId !== walkthrough.userId && user.role !== 'admin')) {
          throw ValidationFailedException.of('listing_id', 'Choose one of your listings.');
        }
      }
      walkthrough.listingId = changes.listing_id;
    }
    if (changes.title !== undefined) walkthrough.title = changes.title.trim().slice(0, 160);
    if (changes.description !== undefined) walkthrough.description = changes.description;
    if (changes.published !== undefined) walkthrough.published = changes.published;
    const order = changes.video_order;
    const write = async (m: EntityManager) => {
      await this.repo.saveWalkthrough(m, walkthrough);
      if (!order) return;
      if ((await this.repo.countWalkthroughVideos(m, walkthrough.id, order)) !== order.length)
        throw ValidationFailedException.of('video_order', 'List only this walkthrough’s videos.');
      await this.repo.setPositions(m, walkthrough.id, order);
    };
    // A manager's change: the grant is checked again, and the write and its log line commit together.
    if (delegated) {
      const what = `Changed ${changed.map(([k]) => k).join(', ') || 'nothing'} of the walkthrough`;
      const resource = walkthroughResource(walkthrough, what);
      await this.delegation.actWith(user.id, walkthrough.userId, 'walkthroughs:edit', resource, write);
    } else await this.repo.transaction(write);
    this.access.forgetAll();
    return walkthrough;
  }

  async videosOf(walkthrough: Walkthrough, onlyReady: boolean): Promise<Video[]> {
    return this.repo.walkthroughVideos(walkthrough.id, onlyReady);
  }

  async toJson(walkthrough: Walkthrough, viewer: User | null | undefined): Promise<WalkthroughJson> {
    const manager = this.canManage(walkthrough, viewer);
    const videos = await this.videosOf(walkthrough, !manager);
    const spots = await this.repo.spotsOfWalkthrough(walkthrough.id, !manager);
    const spotVideos = new Map(
      (await this.repo.videosByIds(spots.map((s) => s.videoId).filter((id): id is string => !!id))).map((v) => [
        v.id,
        v,
      ]),
    );
    const owner = await this.users.findById(walkthrough.userId);
    return toWalkthroughJson(walkthrough, {
      videos,
      owner,
      viewer,
      spots: spots.map((spot) => {
        const video = spot.videoId ? spotVideos.get(spot.videoId) : null;
        return toSpotJson(spot, {
          video: video && (manager || video.status === 'ready') ? video : null,
          walkthroughSlug: walkthrough.slug,
          viewer,
        });
      }),
    });
  }

  async listOwned(user: User, page: number, perPage: number): Promise<[Walkthrough[], number]> {
    return this.repo.walkthroughPage(user.id, (page - 1) * perPage, perPage);
  }
}

/** A walkthrough as the delegation log names it (by slug, as its pages are addressed). */
function walkthroughResource(w: Walkthrough, what: string) {
  return { type: 'walkthrough' as const, id: w.slug, listingId: w.listingId, summary: `${what} "${w.title}"` };
}
