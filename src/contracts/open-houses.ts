/** Wire shapes of open houses, their RSVPs and the after-visit survey. Type-only. */
import type { OpenHouseSummary } from './listings';

export type { OpenHouseSummary };

/** An open house with its registrations counted (RSVPs that hold a spot). */
export interface OpenHouse extends OpenHouseSummary {
  listing_id: string;
  notes: string | null;
  registered: number;
  spots_left: number;
  has_ended: boolean;
}

export interface SurveyAnswers {
  rating: number;
  interested: boolean;
  comments: string | null;
}

/** One registration as the realtor sees it. */
export interface Rsvp {
  id: string;
  name: string;
  email: string;
  cancelled: boolean;
  confirmed: boolean;
  survey: SurveyAnswers | null;
  created_at: string;
}

/** The answer to an RSVP: the registration with its token (for cancel and survey links) and the open house. */
export interface RsvpCreated {
  rsvp: Rsvp & { token: string };
  open_house: OpenHouse;
}
