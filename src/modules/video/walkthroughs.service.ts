import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { UsersService, type User } from '../users';
import { Spot, Video, Walkthrough } from './entities';
import { newSlug } from './ids';
import { ListingDirectory } from './listing-directory';
import { VideoAccessService } from './video-access.service';
import { toSpotJson, toWalkthroughJson, type WalkthroughJson } from './video.mapper';

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
    @InjectRepository(Walkthrough) readonly repo: Repository<Walkthrough>,
    @InjectRepository(Video) private readonly videos: Repository<Video>,
    @InjectRepository(Spot) private readonly spots: Repository<Spot>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly access: VideoAccessService,
    private readonly listings: ListingDirectory,
  ) {}

  async findBySlug(slug: string): Promise<Walkthrough> {
    const walkthrough = slug.length <= 64 ? await this.repo.findOneBy({ slug }) : null;
    if (!walkthrough) throw new NotFoundException('There is no walkthrough with that slug.');
    return walkthrough;
  }

  canManage(walkthrough: Walkthrough, user: Pick<User, 'id' | 'role'> | null | undefined): boolean {
    return !!user && (user.id === walkthrough.userId || user.role === 'admin');
  }

  async findManageable(user: User, slug: string): Promise<Walkthrough> {
    const walkthrough = await this.findBySlug(slug);
    if (!this.canManage(walkthrough, user))
      throw new ForbiddenException('You cannot change a walkthrough that is not yours.');
    return walkthrough;
  }

  /** Owner/admin always; others only when published (and its listing published). 404 rather than 403 for drafts. */
  async findViewable(user: User | null | undefined, slug: string): Promise<Walkthrough> {
    const walkthrough = await this.findBySlug(slug);
    if (this.canManage(walkthrough, user) || (await this.access.walkthroughIsPublic(walkthrough))) return walkthrough;
    throw new NotFoundException('There is no walkthrough with that slug.');
  }

  /** For the listings module too: a listing's walkthrough, created with it. */
  async create(
    owner: Pick<User, 'id'>,
    input: { title?: string; listingId?: string | null } = {},
  ): Promise<Walkthrough> {
    const title = (input.title ?? '').trim().slice(0, 160);
    return this.repo.save(
      this.repo.create({
        slug: newSlug(title),
        userId: owner.id,
        listingId: input.listingId ?? null,
        title,
        published: false,
      }),
    );
  }

  async update(user: User, walkthrough: Walkthrough, changes: WalkthroughChanges): Promise<Walkthrough> {
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
    await this.dataSource.transaction(async (manager) => {
      await manager.save(walkthrough);
      if (changes.video_order) {
        const owned = await manager.find(Video, {
          where: { id: In(changes.video_order), walkthroughId: walkthrough.id },
          select: { id: true },
        });
        if (owned.length !== changes.video_order.length)
          throw ValidationFailedException.of('video_order', 'List only this walkthrough’s videos.');
        for (const [index, id] of changes.video_order.entries())
          await manager.update(Video, { id }, { position: index });
      }
    });
    this.access.forgetAll();
    return walkthrough;
  }

  async videosOf(walkthrough: Walkthrough, onlyReady: boolean): Promise<Video[]> {
    return this.videos.find({
      where: { walkthroughId: walkthrough.id, ...(onlyReady ? { status: 'ready' as const } : {}) },
      order: { position: 'ASC', createdAt: 'ASC' },
    });
  }

  async toJson(walkthrough: Walkthrough, viewer: User | null | undefined): Promise<WalkthroughJson> {
    const manager = this.canManage(walkthrough, viewer);
    const videos = await this.videosOf(walkthrough, !manager);
    const spots = await this.spots.find({
      where: { walkthroughId: walkthrough.id, ...(manager ? {} : { published: true }) },
      order: { createdAt: 'ASC' },
    });
    const spotVideos = new Map(
      (spots.some((s) => s.videoId)
        ? await this.videos.findBy({ id: In(spots.map((s) => s.videoId).filter((id): id is string => !!id)) })
        : []
      ).map((v) => [v.id, v]),
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
    return this.repo.findAndCount({
      where: { userId: user.id },
      order: { createdAt: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
  }
}
