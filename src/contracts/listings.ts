/** Wire shapes of listings. Type-only. */
import type { PropertySummary } from './properties';

export interface OpenHouseSummary {
  id: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
}

/** A listing: the property for sale with its video side and upcoming open houses. */
export interface Listing {
  id: string;
  name: string;
  property: PropertySummary;
  spot: { slug: string; video: { playback_id: string | null } | null } | null;
  spotVideo: { id: string; playback_id: string | null } | null;
  walkthrough: { slug: string; videos: Array<{ slug: string; playback_id?: string | null }> } | null;
  open_houses: OpenHouseSummary[];
  created_at: string;
}
