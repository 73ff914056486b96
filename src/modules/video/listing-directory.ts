import { Injectable } from '@nestjs/common';
import { ListingsService } from '../listings';
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
    const now = Date.now();
    const unique = [...new Set(ids)];
    if (this.cache.size > 5_000) this.cache.clear();
    const values = unique.map((id) => {
      const hit = this.cache.get(id);
      if (hit && now - hit.at < CACHE_MS) return hit.value;
      const value = this.load(id);
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

  private async load(id: string): Promise<ListingSummary | null> {
    const pair = await this.listings.findWithProperty(id);
    if (!pair) return null;
    const { listing, property } = pair;
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
