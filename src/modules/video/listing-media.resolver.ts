import { Injectable } from '@nestjs/common';
import type { ListingMedia, ListingMediaRefs } from '../listings';
import type { Video } from './entities';
import { VideoRepository } from './video.repository';

/**
 * Fills a listing's spot / spotVideo / walkthrough (spec 3) for the listings module: the spot and
 * walkthrough tied to the listing (ids the listing stores win, else the newest linked ones).
 */
@Injectable()
export class ListingMediaResolver {
  constructor(private readonly repo: VideoRepository) {}

  async resolve(refs: ListingMediaRefs[]): Promise<Map<string, Partial<ListingMedia>>> {
    const listingIds = refs.map((r) => r.listingId);
    const [spots, walkthroughs] = await Promise.all([
      this.repo.spotsFor(
        listingIds,
        refs.map((r) => r.spotId),
      ),
      this.repo.walkthroughsFor(
        listingIds,
        refs.map((r) => r.walkthroughId),
      ),
    ]);
    const videoIds = new Set<string>();
    spots.forEach((s) => s.videoId && videoIds.add(s.videoId));
    refs.forEach((r) => r.spotVideoId && videoIds.add(r.spotVideoId));
    const walkthroughVideos = await this.repo.videoRefsOfWalkthroughs(walkthroughs.map((w) => w.id));
    const videos = await this.repo.videoRefs([...videoIds]);
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
