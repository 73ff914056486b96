import { iso } from '../../common/iso';
import type { Tour, TourSide } from '../../contracts/tours';
import { allowedActions } from './tour-state';
import type { TourView } from './tours.repository';

export function sideOf(t: Pick<TourView, 'buyer_id' | 'realtor_id'>, userId: string): TourSide | null {
  return t.buyer_id === userId ? 'buyer' : t.realtor_id === userId ? 'realtor' : null;
}

export function toTourJson(t: TourView, userId: string): Tour {
  const side = sideOf(t, userId) ?? 'buyer';
  return {
    id: t.id,
    status: t.status,
    mode: t.mode,
    property: { id: t.property_id, name: t.property_name, slug: t.property_slug, city: t.property_city },
    buyer: { id: t.buyer_id, name: t.buyer_name },
    realtor: { id: t.realtor_id, name: t.realtor_name },
    offered_times: t.offered_times.map((d) => iso(d)),
    offered_by: t.offered_by,
    scheduled_at: iso(t.scheduled_at),
    duration_minutes: t.duration_minutes,
    message: t.message,
    decline_reason: t.decline_reason,
    my_side: side,
    actions: allowedActions(t.status, side),
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  };
}
