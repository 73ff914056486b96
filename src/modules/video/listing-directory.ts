import { Injectable } from '@nestjs/common';
import { ListingsService } from '../listings/listings.service';
import { isPubliclyVisible } from '../properties/properties.service';

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
  private readonly cache = new Map<string, { value: ListingSummary | null; at: number }>();

  constructor(private readonly listings: ListingsService) {}

  async find(ids: string[]): Promise<Map<string, ListingSummary>> {
    const now = Date.now();
    const result = new Map<string, ListingSummary>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.cache.get(id);
      if (hit && now - hit.at < CACHE_MS) {
        if (hit.value) result.set(id, hit.value);
      } else missing.push(id);
    }
    const found = await Promise.all(missing.map((id) => this.listings.findWithProperty(id)));
    if (this.cache.size > 5_000) this.cache.clear();
    missing.forEach((id) => this.cache.set(id, { value: null, at: now }));
    for (const pair of found) {
      if (!pair) continue;
      const { listing, property } = pair;
      const address = property.fullAddress ?? ([property.address, property.city, property.state].filter(Boolean).join(', ') || null);
      result.set(listing.id, {
        id: listing.id,
        userId: listing.userId,
        name: property.name,
        published: isPubliclyVisible(property),
        price: property.price,
        currency: property.currency,
        address,
        url: `/listing/${listing.id}`,
      });
      this.cache.set(listing.id, { value: result.get(listing.id)!, at: now });
    }
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
