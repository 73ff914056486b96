/** Wire shapes of the service-provider directory (industries, providers, offerings). Type-only. */
import type { Money, Page } from './common';

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
  updated_at: string;
}

export interface ServiceProviderDetail extends ServiceProvider {
  bio: string;
  website: string | null;
  /** Shown to its owner and admins only (others see whether it is verified). */
  licence_number: string | null;
  offerings: Offering[];
  mine: boolean;
}

export type ServiceProviderPage = Page<ServiceProvider>;
export type OfferingPage = Page<OfferingListItem>;
