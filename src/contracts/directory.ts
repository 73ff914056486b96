/** Wire shapes of the service-provider directory (industries, providers, offerings). Type-only. */
import type { Money, Page } from './common';
import type { CommunityAuthor } from './community';

export interface Industry {
  slug: string;
  name: string;
  description: string;
  /** How many providers list themselves in it. */
  providers_count: number;
}

export interface Offering {
  id: string;
  provider_id: string;
  title: string;
  description: string;
  /** null: priced on request (a quote). */
  price: Money | null;
  created_at: string;
}

/** An offering in the cross-provider list, with who offers it. */
export interface OfferingListItem extends Offering {
  provider: { id: string; name: string; city: string; industry: string; verified: boolean };
}

export interface ServiceProvider {
  id: string;
  user_id: string;
  name: string;
  headline: string;
  city: string;
  industry: { slug: string; name: string };
  /** An admin checked the licence. */
  verified: boolean;
  offerings_count: number;
  /** Average stars (one decimal) over `count` reviews; null before the first review. */
  rating: { average: number | null; count: number };
  /** Straight-line kilometres from the searched point (distance search only; otherwise null). */
  distance_km: number | null;
  updated_at: string;
}

export interface ServiceProviderDetail extends ServiceProvider {
  bio: string;
  website: string | null;
  /** Shown to its owner and admins only (others see whether it is verified). */
  licence_number: string | null;
  offerings: Offering[];
  mine: boolean;
  /** The uploaded licence document: for its owner and admins only. */
  licence_document: LicenceDocument | null;
}

export interface LicenceDocument {
  url: string;
  mime: string;
  uploaded_at: string;
}

/** One reviewer's review of a provider (one each, editable). */
export interface ProviderReview {
  id: string;
  provider_id: string;
  reviewer: CommunityAuthor;
  rating: number;
  /** Sanitised rich text. */
  body_html: string;
  created_at: string;
  updated_at: string;
}

/** What the signed-in viewer may do: review (having messaged the provider), and their review if any. */
export interface ReviewStanding {
  can_review: boolean;
  /** Why not, in words (own profile, not signed in, no conversation yet). */
  reason: string | null;
  mine: ProviderReview | null;
}

/** A provider awaiting an admin's check of their licence. */
export interface ProviderAwaitingVerification extends ServiceProvider {
  licence_number: string | null;
  licence_document: LicenceDocument | null;
}

export type ServiceProviderPage = Page<ServiceProvider>;
export type OfferingPage = Page<OfferingListItem>;
export type ProviderReviewPage = Page<ProviderReview>;
export type ProviderAwaitingPage = Page<ProviderAwaitingVerification>;
