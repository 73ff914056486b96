/** Wire shapes of tour requests (Tours/Index, the property page's request form, `.tour.updated`). Type-only. */
import type { Page } from './common';

export type TourMode = 'in_person' | 'video';
/** requested: the buyer offered times, the realtor answers; proposed: the realtor offered a time, the buyer answers. */
export type TourStatus = 'requested' | 'proposed' | 'confirmed' | 'declined' | 'cancelled';
export type TourSide = 'buyer' | 'realtor';
export type TourAction = 'confirm' | 'propose' | 'decline' | 'cancel';

export interface Tour {
  id: string;
  status: TourStatus;
  mode: TourMode;
  property: { id: string; name: string; slug: string; city: string | null };
  buyer: { id: string; name: string };
  realtor: { id: string; name: string };
  /** The times on the table (offered by `offered_by`), ISO 8601 UTC. */
  offered_times: string[];
  offered_by: TourSide;
  /** The agreed start (confirmed), or the last agreed one (a cancelled tour that had been confirmed). */
  scheduled_at: string | null;
  duration_minutes: number;
  message: string | null;
  decline_reason: string | null;
  /** Which side the signed-in user is on, and what they may do now. */
  my_side: TourSide;
  actions: TourAction[];
  created_at: string;
  updated_at: string;
}

export type TourPage = Page<Tour>;

/** `.tour.updated` on both parties' user channels. */
export interface TourUpdatedEvent {
  tour: { id: string; status: TourStatus };
}
