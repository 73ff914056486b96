import { Injectable } from '@nestjs/common';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { Spot, Video, Walkthrough } from './entities';
import { NodeCaches } from '../../infra/node-caches';
import { ListingDirectory } from './listing-directory';
import { VideoRepository } from './video.repository';
import { managesVideoWork } from './video.policy';

const CACHE_MS = 5_000;

/**
 * Who may watch a video: its owner (and admins) always; anyone else only once it is ready and it is
 * shown publicly: in a published walkthrough or published spot whose listing (when it has one) is
 * published. Used by the API, the pages and the /media rule for videos/<id>/... keys.
 */
@Injectable()
export class VideoAccessService {
  /** Public answers per video id for a few seconds: a player asks for a segment every few seconds. */
  private readonly publicCache = new Map<string, { value: boolean; ownerId: string; at: number }>();

  constructor(
    private readonly repo: VideoRepository,
    private readonly listings: ListingDirectory,
    private readonly caches: NodeCaches,
  ) {
    caches.register('video-access', (id) => (id ? this.publicCache.delete(id) : this.publicCache.clear()));
  }

  canManage(video: Pick<Video, 'userId'>, user: Pick<User, 'id' | 'role'> | null | undefined): boolean {
    return managesVideoWork(video, user);
  }

  async canView(video: Video, user: Pick<User, 'id' | 'role'> | null | undefined): Promise<boolean> {
    if (this.canManage(video, user)) return true;
    return video.status === 'ready' && this.isPublic(video);
  }

  /** Published walkthrough or spot, and its listing (if any) published. */
  async isPublic(video: Pick<Video, 'id' | 'walkthroughId'>): Promise<boolean> {
    if (video.walkthroughId) {
      const walkthrough = await this.repo.findWalkthrough({ id: video.walkthroughId });
      if (walkthrough && (await this.walkthroughIsPublic(walkthrough))) return true;
    }
    const spots = await this.repo.publishedSpotsOfVideo(video.id);
    for (const spot of spots) if (await this.listingAllows(spot.listingId)) return true;
    return false;
  }

  async walkthroughIsPublic(walkthrough: Walkthrough): Promise<boolean> {
    return walkthrough.published && this.listingAllows(walkthrough.listingId);
  }

  async spotIsPublic(spot: Spot): Promise<boolean> {
    return spot.published && this.listingAllows(spot.listingId);
  }

  async listingAllows(listingId: string | null): Promise<boolean> {
    if (!listingId) return true;
    return (await this.listings.findOne(listingId))?.published ?? false;
  }

  /** The /media rule for keys under videos/<videoId>/. */
  async canReadKey(key: string, user: User | null): Promise<boolean> {
    const id = key.split('/')[1] ?? '';
    if (!isUuid(id)) return false;
    const cached = this.publicCache.get(id);
    if (cached && performance.now() - cached.at < CACHE_MS) {
      if (cached.value) return true;
      return !!user && (user.id === cached.ownerId || user.role === 'admin');
    }
    const video = await this.repo.findVideo({ id });
    if (!video) return false;
    const value = video.status === 'ready' && (await this.isPublic(video));
    if (this.publicCache.size > 10_000) this.publicCache.clear();
    this.publicCache.set(id, { value, ownerId: video.userId, at: performance.now() });
    return value || this.canManage(video, user);
  }

  /** Drops the cached answer on every node (a worker's status change included). */
  forget(videoId: string): void {
    this.caches.forget('video-access', videoId);
  }

  /** After a publish change of a walkthrough or spot (its videos change visibility together). */
  forgetAll(): void {
    this.caches.forget('video-access');
  }
}
