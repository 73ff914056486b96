import type { Pursuit } from '@contracts/pursuits';
import { api } from '../lib/http';

type Answer = { message: string; pursuit: Pursuit };
export type PursuitForm = {
  title: string;
  description: string;
  unit: string;
  target: number;
  due_on: string | null;
  team_id: string | null;
};

/** Page paths of pursuits. */
export const pursuitPaths = {
  index: '/pursuits',
  page: (p: number) => `/pursuits?page=${p}`,
};

export const pursuitApi = {
  create: (body: PursuitForm) => api.post<Answer>('/api/pursuits', body),
  update: (id: string, body: Partial<PursuitForm> & { progress?: number }) =>
    api.patch<Answer>(`/api/pursuits/${id}`, body),
  remove: (id: string) => api.delete<{ message: string }>(`/api/pursuits/${id}`),
  addMilestone: (id: string, title: string) => api.post<Answer>(`/api/pursuits/${id}/milestones`, { title }),
  setMilestone: (milestoneId: string, done: boolean) =>
    api.patch<Answer>(`/api/pursuit-milestones/${milestoneId}`, { done }),
  removeMilestone: (milestoneId: string) => api.delete<Answer>(`/api/pursuit-milestones/${milestoneId}`),
};
