import type { OpenHouseSummary } from '../../contracts/listings';
import type { OpenHouse as OpenHouseJson, Rsvp as RsvpJson } from '../../contracts/open-houses';
import type { OpenHouse, OpenHouseRsvp } from './open-house.entity';
import { iso } from '../../common/iso';

export type { OpenHouseJson, OpenHouseSummary, RsvpJson };

/** The short form listings carry. */
export function toOpenHouseSummary(h: OpenHouse): OpenHouseSummary {
  return { id: h.id, starts_at: iso(h.startsAt), ends_at: iso(h.endsAt), capacity: h.capacity };
}

/** The open house with `registered` RSVPs holding a spot, as of `now` (ms). */
export function toOpenHouseJson(h: OpenHouse, registered: number, now: number): OpenHouseJson {
  return {
    id: h.id,
    listing_id: h.listingId,
    starts_at: iso(h.startsAt),
    ends_at: iso(h.endsAt),
    capacity: h.capacity,
    notes: h.notes,
    registered,
    spots_left: Math.max(0, h.capacity - registered),
    has_ended: h.endsAt.getTime() <= now,
  };
}

export function toRsvpJson(r: OpenHouseRsvp): RsvpJson {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    cancelled: !!r.cancelledAt,
    confirmed: !!r.confirmedAt,
    survey: r.survey,
    created_at: iso(r.createdAt),
  };
}
