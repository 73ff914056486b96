import type { Tour, TourMode, TourPage, TourSide } from '@contracts/tours';
import { api } from '../lib/http';

export type { Tour, TourAction, TourMode, TourPage, TourSide, TourStatus } from '@contracts/tours';

/** Tour pages. */
export const tourPaths = {
  index: (side?: TourSide, page?: number) =>
    `/tours${side || page ? `?${new URLSearchParams({ ...(side ? { side } : {}), ...(page ? { page: String(page) } : {}) })}` : ''}`,
  /** The .ics file of a tour with an agreed time. */
  calendar: (id: string) => `/api/tours/${id}/calendar`,
};

/** Live tour changes on the user's private channel. */
export const tourLive = {
  userChannel: (userId: string) => `App.Models.User.${userId}`,
  updated: '.tour.updated',
};

type Answer = { message: string; tour: Tour };

export const toursApi = {
  list: (side: TourSide, page = 1) => api.get<TourPage>('/api/tours', { query: { side, page } }),
  request: (body: { property_id: string; mode: TourMode; times: string[]; message?: string }) =>
    api.post<Answer>('/api/tours', body),
  confirm: (id: string, time: string) => api.post<Answer>(`/api/tours/${id}/confirm`, { time }),
  propose: (id: string, times: string[]) => api.post<Answer>(`/api/tours/${id}/propose`, { times }),
  decline: (id: string, reason?: string) => api.post<Answer>(`/api/tours/${id}/decline`, { reason }),
  cancel: (id: string) => api.post<Answer>(`/api/tours/${id}/cancel`),
};
