import type {
  ArenaBattle,
  ArenaCategory,
  ArenaEntry,
  ArenaTicket,
  EntryKind,
  LeaderboardRow,
  VoteChoice,
} from '@contracts/arena';
import type { Page } from '@contracts/common';
import { api } from '../lib/http';

/** Page paths of the arena (server routes in src/modules/arena/*.controller.ts). */
export const arenaPaths = {
  lobby: (category?: ArenaCategory | null) => (category ? `/arena?category=${category}` : '/arena'),
  battle: (id: string) => `/arena/battles/${id}`,
  queue: '/arena/queue',
  seasons: '/arena/seasons',
  season: (id: string) => `/arena/seasons/${id}`,
  squads: '/arena/squads',
  war: (id: string) => `/arena/wars/${id}`,
  warResults: (id: string) => `/arena/wars/${id}/results`,
};

/** Channels and live events of the arena (names without the Pusher prefix, events with the leading dot). */
export const arenaLive = {
  battleChannel: (id: string) => `arena.battle.${id}`,
  votes: '.battle.votes',
  userChannel: (userId: string) => `App.Models.User.${userId}`,
  ticketState: '.ticket.state',
};

export const CATEGORY_LABELS: Record<ArenaCategory, string> = {
  living_rooms: 'Living rooms',
  kitchens: 'Kitchens',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  exteriors: 'Exteriors',
  luxury_spots: 'Luxury spots',
  starter_spots: 'Starter spots',
};

export const arenaApi = {
  leaderboard: (category?: ArenaCategory | null, page = 1) =>
    api.get<Page<LeaderboardRow>>('/api/arena/leaderboard', { query: { category: category ?? undefined, page } }),
  mine: () => api.get<{ entries: ArenaEntry[] }>('/api/arena/entries/mine'),
  enter: (body: { kind: EntryKind; source: string; category: ArenaCategory }) =>
    api.post<{ message: string; entry: ArenaEntry }>('/api/arena/entries', body),
  next: (category?: ArenaCategory | null) =>
    api.post<{ battle: ArenaBattle }>('/api/arena/battles/next', category ? { category } : {}),
  battle: (id: string) => api.get<{ battle: ArenaBattle }>(`/api/arena/battles/${id}`),
  tickets: () => api.get<{ tickets: ArenaTicket[] }>('/api/arena/queue'),
  join: (entryId: string) =>
    api.post<{ message: string; ticket: ArenaTicket }>('/api/arena/queue', { entry_id: entryId }),
  leave: (ticketId: string) =>
    api.post<{ message: string; ticket: ArenaTicket }>(`/api/arena/queue/${ticketId}/leave`, {}),
  vote: (id: string, choice: VoteChoice) =>
    api.post<{ message: string; battle: ArenaBattle }>(`/api/arena/battles/${id}/votes`, { choice }),
};
