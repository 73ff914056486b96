import { Injectable } from '@nestjs/common';

/** Filled by the video module: `spot: { slug, video: { playback_id } }` and friends. */
export interface ListingMedia {
  spot: { slug: string; video: { playback_id: string | null } | null } | null;
  spotVideo: { id: string; playback_id: string | null } | null;
  walkthrough: { slug: string; videos: Array<{ slug: string; playback_id?: string | null }> } | null;
}

export interface ListingMediaRefs {
  listingId: string;
  spotId: string | null;
  spotVideoId: string | null;
  walkthroughId: string | null;
}

export type ListingMediaResolver = (refs: ListingMediaRefs[]) => Promise<Map<string, Partial<ListingMedia>>>;

/**
 * The listing's video side belongs to the video module (another issue). It registers a resolver
 * here in its onModuleInit; until then spot, spotVideo and walkthrough serialize as null.
 */
@Injectable()
export class ListingMediaRegistry {
  private resolver: ListingMediaResolver | null = null;

  register(resolver: ListingMediaResolver): void {
    this.resolver = resolver;
  }

  async resolve(refs: ListingMediaRefs[]): Promise<Map<string, ListingMedia>> {
    const found = this.resolver && refs.length ? await this.resolver(refs) : new Map<string, Partial<ListingMedia>>();
    return new Map(
      refs.map((r) => [
        r.listingId,
        { spot: null, spotVideo: null, walkthrough: null, ...(found.get(r.listingId) ?? {}) },
      ]),
    );
  }
}
