import { Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import { ListingsService } from '../listings';
import type { User } from '../users';

/** What a listing message shows: built on the server, never taken from the sender. */
export interface ListingCard {
  title: string;
  price: string | null;
  address: string | null;
  /** Always one of our own /media/ paths (no remote image loads in the recipient's browser). */
  image_url: string | null;
  /** Always this app's listing page. */
  url: string;
}

function formatPrice(price: string | null, currency: string): string | null {
  if (price === null) return null;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      Number(price),
    );
  } catch {
    return `${currency} ${price}`;
  }
}

/** A local path that stays on this origin (not `//host`, not `/\host`, which browsers resolve off-site). */
export function isOwnPath(url: unknown, prefix = '/'): url is string {
  return typeof url === 'string' && url.startsWith(prefix) && !/^\/[/\\]/.test(url) && !/[\s\\]/.test(url);
}

/**
 * Listing cards for chat messages, from the listing id alone: the sender must be able to see the
 * listing; title, price, address, picture and link come from the listing itself, so a sender can
 * neither point the recipient off-site nor make their browser load a remote image.
 */
@Injectable()
export class ListingCardBuilder {
  constructor(private readonly listings: ListingsService) {}

  async build(listingId: string | undefined, sender: User): Promise<{ listingId: string; card: ListingCard }> {
    if (!listingId) throw ValidationFailedException.of('listing_id', 'Choose a listing to share.');
    let found: Awaited<ReturnType<ListingsService['getVisible']>>;
    try {
      found = await this.listings.getVisible(listingId, sender);
    } catch (error) {
      if (error instanceof NotFoundException)
        throw ValidationFailedException.of('listing_id', 'There is no listing with that id.');
      throw error;
    }
    const { listing, property } = found;
    const [json] = await this.listings.json([found]);
    const image = json.property.featured_image?.thumb_url ?? json.property.featured_image?.url ?? null;
    const address =
      property.fullAddress ?? ([property.address, property.city, property.state].filter(Boolean).join(', ') || null);
    return {
      listingId: listing.id,
      card: {
        title: property.name,
        price: formatPrice(property.price, property.currency),
        address,
        image_url: isOwnPath(image, '/media/') ? image : null,
        url: `/listing/${listing.id}`,
      },
    };
  }
}
