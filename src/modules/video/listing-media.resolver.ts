import { Injectable } from '@nestjs/common';
import type { ListingMedia, ListingMediaRefs } from '../listings';
import { VideoRepository } from './video.repository';

/**
 * Fills a listing's spot / spotVideo / walkthrough (spec 3) for the listings module: the spot and
 * walkthrough tied to the listing (ids the listing stores win, else the newest linked ones), in one
 * statement however many listings a page shows.
 */
@Injectable()
export class ListingMediaResolver {
  constructor(private readonly repo: VideoRepository) {}

  async resolve(refs: ListingMediaRefs[]): Promise<Map<string, Partial<ListingMedia>>> {
    const rows = await this.repo.listingMedia(refs);
    return new Map(
      rows.map((row) => [
        row.listing_id,
        { spot: row.spot, spotVideo: row.spot_video, walkthrough: row.walkthrough } satisfies ListingMedia,
      ]),
    );
  }
}
