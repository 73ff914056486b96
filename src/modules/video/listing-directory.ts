import { Injectable } from '@nestjs/common';
import { ListingsService, type ListingPair } from '../listings';
import { isPubliclyVisible } from '../properties';

/** What the video area needs to know about a listing, read through the listings module's service. */
export interface ListingSummary {
  id: string;
  userId: string;
  name: string;
  /** Its property is published, not private, not archived. */
  published: boolean;
  price: string | null;
  currency: string;
  address: string | null;
  /** Page of the listing. */
  url: string;
}

const CACHE_MS = 5_000;

function summaryOf({ listing, property }: ListingPair): ListingSummary {
  const address =
    property.fullAddress ?? ([property.address, property.city, property.state].filter(Boolean).join(', ') || null);
  return {
    id: listing.id,
    userId: listing.userId,
    name: property.name,
    published: isPubliclyVisible(property),
    price: property.price,
    currency: property.currency,
    address,
    url: `/listing/${listing.id}`,
  };
}

/**
 * The video area's port onto listings (one place to change if the listings service grows a batch
 * read). Summaries are kept for a few seconds: the feed asks for the same listings on every page view,
 * and a publish/unpublish shows within CACHE_MS.
 */
@Injectable()
export class ListingDirectory {
  /** In-flight reads are cached too, so a burst of feed requests asks for each listing once. */
  private readonly cache = new Map<string, { value: Promise<ListingSummary | null>; at: number }>();

  constructor(private readonly listings: ListingsService) {}

  async find(ids: string[]): Promise<Map<string, ListingSummary>> {
    const now = performance.now();
    const unique = [...new Set(ids)];
    if (this.cache.size > 5_000) this.cache.clear();
    const missing = unique.filter((id) => {
      const hit = this.cache.get(id);
      return !(hit && now - hit.at < CACHE_MS);
    });
    // Every listing the cache lacks in one read (a feed page's listings are one statement, not one per spot).
    const batch = missing.length ? this.listings.findManyWithProperty(missing) : null;
    const values = unique.map((id) => {
      const hit = this.cache.get(id);
      if (!batch || !missing.includes(id)) return hit!.value;
      const value = batch.then((pairs) => {
        const pair = pairs.get(id);
        return pair ? summaryOf(pair) : null;
      });
      const entry = { value, at: now };
      this.cache.set(id, entry);
      value.catch(() => {
        if (this.cache.get(id) === entry) this.cache.delete(id);
      });
      return value;
    });
    const result = new Map<string, ListingSummary>();
    (await Promise.all(values)).forEach((summary) => summary && result.set(summary.id, summary));
    return result;
  }

  /** Forget cached summaries (after this area changes which listing something belongs to). */
  forget(id?: string | null): void {
    if (id) this.cache.delete(id);
    else this.cache.clear();
  }

  async findOne(id: string | null): Promise<ListingSummary | null> {
    if (!id) return null;
    return (await this.find([id])).get(id) ?? null;
  }
}
