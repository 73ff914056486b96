import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { ListingMedia, ListingMediaRefs } from '../listings';
import { Spot, Video, Walkthrough } from './entities';

/**
 * Fills a listing's spot / spotVideo / walkthrough (spec 3) for the listings module: the spot and
 * walkthrough tied to the listing (ids the listing stores win, else the newest linked ones).
 */
@Injectable()
export class ListingMediaResolver {
  constructor(
    @InjectRepository(Walkthrough) private readonly walkthroughs: Repository<Walkthrough>,
    @InjectRepository(Spot) private readonly spots: Repository<Spot>,
    @InjectRepository(Video) private readonly videos: Repository<Video>,
  ) {}

  async resolve(refs: ListingMediaRefs[]): Promise<Map<string, Partial<ListingMedia>>> {
    const listingIds = refs.map((r) => r.listingId);
    const [spots, walkthroughs] = await Promise.all([
      this.spots.find({
        where: [
          { listingId: In(listingIds) },
          { id: In(refs.map((r) => r.spotId).filter((id): id is string => !!id)) },
        ],
        order: { published: 'DESC', createdAt: 'DESC' },
      }),
      this.walkthroughs.find({
        where: [
          { listingId: In(listingIds) },
          { id: In(refs.map((r) => r.walkthroughId).filter((id): id is string => !!id)) },
        ],
        order: { createdAt: 'DESC' },
      }),
    ]);
    const videoIds = new Set<string>();
    spots.forEach((s) => s.videoId && videoIds.add(s.videoId));
    refs.forEach((r) => r.spotVideoId && videoIds.add(r.spotVideoId));
    const walkthroughVideos = walkthroughs.length
      ? await this.videos.find({
          where: { walkthroughId: In(walkthroughs.map((w) => w.id)) },
          order: { position: 'ASC' },
          select: { id: true, slug: true, playbackId: true, status: true, walkthroughId: true },
        })
      : [];
    const videos = videoIds.size
      ? await this.videos.find({
          where: { id: In([...videoIds]) },
          select: { id: true, playbackId: true, status: true },
        })
      : [];
    const videoById = new Map(videos.map((v) => [v.id, v]));
    const playback = (v: Pick<Video, 'playbackId' | 'status'> | undefined) =>
      v && v.status === 'ready' ? v.playbackId : null;

    const result = new Map<string, Partial<ListingMedia>>();
    for (const ref of refs) {
      const spot = spots.find((s) => s.id === ref.spotId) ?? spots.find((s) => s.listingId === ref.listingId);
      const walkthrough =
        walkthroughs.find((w) => w.id === ref.walkthroughId) ?? walkthroughs.find((w) => w.listingId === ref.listingId);
      const spotVideoId = ref.spotVideoId ?? spot?.videoId ?? null;
      result.set(ref.listingId, {
        spot: spot
          ? { slug: spot.slug, video: spot.videoId ? { playback_id: playback(videoById.get(spot.videoId)) } : null }
          : null,
        spotVideo: spotVideoId ? { id: spotVideoId, playback_id: playback(videoById.get(spotVideoId)) } : null,
        walkthrough: walkthrough
          ? {
              slug: walkthrough.slug,
              videos: walkthroughVideos
                .filter((v) => v.walkthroughId === walkthrough.id)
                .map((v) => ({ slug: v.slug, playback_id: playback(v) })),
            }
          : null,
      });
    }
    return result;
  }
}
