import type { OpenHouse, Rsvp, RsvpCreated } from '@contracts/open-houses';
import type { LinkedPage } from '@contracts/common';
import { api } from '../lib/http';

/** The open-house pages. */
export const openHousePaths = {
  show: (openHouseId: string) => `/open-houses/${openHouseId}`,
  survey: (token: string) => `/open-houses/rsvp/${token}/survey`,
};

export interface OpenHouseSchedule {
  starts_at: string;
  ends_at: string;
  capacity: number;
  notes: string;
}

/** The open-house /api calls: scheduling (realtor), RSVPs and surveys (visitors, by their RSVP token). */
export const openHousesApi = {
  schedule: (listingId: string, schedule: OpenHouseSchedule) =>
    api.post<{ open_house: OpenHouse }>(`/api/listings/${listingId}/open-houses`, schedule),
  rsvps: (openHouseId: string, page: number) =>
    api.get<LinkedPage<Rsvp>>(`/api/open-houses/${openHouseId}/rsvps`, { query: { page } }),
  remove: (openHouseId: string) => api.delete(`/api/open-houses/${openHouseId}`),
  register: (openHouseId: string, visitor: { name: string; email: string }) =>
    api.post<RsvpCreated>(`/api/open-houses/${openHouseId}/rsvp`, visitor),
  cancel: (token: string) => api.post<{ redirect: string }>(`/api/open-houses/rsvp/${token}/cancel`),
  survey: (token: string, answers: { rating: number; interested: boolean; comments: string }) =>
    api.post(`/api/open-houses/rsvp/${token}/survey`, answers),
};
