import type {
  AdminEntryPage,
  ClaimInput,
  ClaimState,
  MyEntryStatus,
  SweepstakesAdmin,
  SweepstakesInput,
  SweepstakesPublic,
  SweepstakesState,
  DisqualifyReason,
} from '@contracts/sweepstakes';
import { api } from '../lib/http';

/** Page paths of the sweepstakes area (server routes in src/modules/sweepstakes/*.controller.ts). */
export const sweepstakesPaths = {
  index: '/sweepstakes',
  show: (id: string) => `/sweepstakes/${id}`,
  /** An entrant's personal share link: a new person entering through it earns them the share bonus. */
  shareLink: (id: string, code: string) => `/sweepstakes/${id}?via=${encodeURIComponent(code)}`,
  claim: (id: string) => `/sweepstakes/${id}/claim`,
  verify: (id: string) => `/sweepstakes/${id}/verify`,
  admin: {
    index: (state?: SweepstakesState | null) => (state ? `/admin/sweepstakes?state=${state}` : '/admin/sweepstakes'),
    create: '/admin/sweepstakes/create',
    show: (id: string, page?: number) => `/admin/sweepstakes/${id}${page ? `?page=${page}` : ''}`,
    edit: (id: string) => `/admin/sweepstakes/${id}/edit`,
    draw: (id: string) => `/admin/sweepstakes/${id}/draw`,
  },
};

/** Published files (downloads, not JSON). */
export const sweepstakesFiles = {
  entrants: (id: string) => `/api/sweepstakes/${id}/entrants.txt`,
  winnersCsv: (id: string) => `/api/admin/sweepstakes/${id}/winners.csv`,
};

/** Channels and live events of the area (names without the Pusher prefix, events with the leading dot). */
export const sweepstakesLive = {
  adminChannel: (id: string) => `admin.sweepstakes.${id}`,
  userChannel: (userId: string) => `App.Models.User.${userId}`,
  entryCount: '.sweepstakes.entries',
  drawProgress: '.sweepstakes.draw',
  won: '.sweepstakes.won',
};

type AdminAnswer = { message: string; sweepstakes: SweepstakesAdmin };

export const sweepstakesApi = {
  show: (id: string) => api.get<{ sweepstakes: SweepstakesPublic }>(`/api/sweepstakes/${id}`),
  me: (id: string) => api.get<{ me: MyEntryStatus }>(`/api/sweepstakes/${id}/me`),
  enter: (id: string, body: { region: string; birth_date: string; accept_rules: boolean; via?: string }) =>
    api.post<{ message: string; me: MyEntryStatus }>(`/api/sweepstakes/${id}/entries`, body),
  entrantList: (id: string) => api.get<string>(sweepstakesFiles.entrants(id), { headers: { Accept: 'text/plain' } }),
  claimState: (id: string) => api.get<{ claim: ClaimState }>(`/api/sweepstakes/${id}/claim`),
  uploadTaxForm: (id: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<{ message: string; claim: ClaimState }>(`/api/sweepstakes/${id}/claim/tax-form`, body);
  },
  claim: (id: string, body: ClaimInput) =>
    api.post<{ message: string; claim: ClaimState }>(`/api/sweepstakes/${id}/claim`, body),
};

export const sweepstakesAdminApi = {
  create: (body: SweepstakesInput) => api.post<AdminAnswer>('/api/admin/sweepstakes', body),
  update: (id: string, body: SweepstakesInput) => api.put<AdminAnswer>(`/api/admin/sweepstakes/${id}`, body),
  schedule: (id: string) => api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/schedule`),
  open: (id: string) => api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/open`),
  close: (id: string) => api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/close`),
  void: (id: string) => api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/void`),
  registration: (id: string, body: { registered_on: string; reference: string }) =>
    api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/registration`, body),
  amend: (
    id: string,
    body: { summary: string; ends_at?: string; odds_statement?: string; free_entry_method?: string },
  ) => api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/amendments`, body),
  entries: (id: string, page: number) =>
    api.get<AdminEntryPage>(`/api/admin/sweepstakes/${id}/entries`, { query: { page } }),
  draw: (id: string, beacon: string) => api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/draw`, { beacon }),
  show: (id: string) => api.get<{ sweepstakes: SweepstakesAdmin }>(`/api/admin/sweepstakes/${id}`),
  disqualify: (id: string, winnerId: string, reason_code: DisqualifyReason) =>
    api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/winners/${winnerId}/disqualify`, { reason_code }),
  fulfil: (id: string, winnerId: string, tracking: string) =>
    api.post<AdminAnswer>(`/api/admin/sweepstakes/${id}/winners/${winnerId}/fulfil`, { tracking }),
};

/** The draw algorithm itself (pure, shared with the server job and the offline script). */
export {
  canonicalEntrantList,
  DRAW_ALGORITHM,
  entrantListHash,
  seedCommitment,
  verifyDraw,
} from '../../modules/sweepstakes/draw/fair-draw';
