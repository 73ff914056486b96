import type { FlagReason, FlagResult, ReviewItem, TrustStanding } from '@contracts/community';
import { api } from '../lib/http';

type Message = { message: string };

/** Page paths of community moderation. */
export const communityPaths = {
  reviews: (status = 'open') => `/admin/community/reviews?status=${status}`,
};

/** Trust standing and the moderators' review queue. */
export const communityApi = {
  trust: () => api.get<{ trust: TrustStanding }>('/api/community/trust'),
  approve: (id: string) => api.post<Message & { review: ReviewItem }>(`/api/community/reviews/${id}/approve`),
  reject: (id: string) => api.post<Message & { review: ReviewItem }>(`/api/community/reviews/${id}/reject`),
};

export const FLAG_CHOICES: Array<{ value: FlagReason; label: string }> = [
  { value: 'spam', label: 'Spam' },
  { value: 'abuse', label: 'Abusive' },
  { value: 'off_topic', label: 'Off topic' },
  { value: 'illegal', label: 'Illegal' },
  { value: 'other', label: 'Something else' },
];

export type { FlagResult };
