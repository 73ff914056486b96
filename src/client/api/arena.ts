import type {
  ArenaBattle,
  ArenaCategory,
  ArenaEntry,
  ArenaFlag,
  ArenaSquad,
  ArenaTicket,
  ArenaWar,
  FlagState,
  EntryKind,
  LeaderboardRow,
  VoteChoice,
  WarChallenge,
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
  flags: (state: FlagState = 'open', page = 1) => `/admin/arena/flags?state=${state}&page=${page}`,
};

/** Channels and live events of the arena (names without the Pusher prefix, events with the leading dot). */
export const arenaLive = {
  battleChannel: (id: string) => `arena.battle.${id}`,
  votes: '.battle.votes',
  userChannel: (userId: string) => `App.Models.User.${userId}`,
  ticketState: '.ticket.state',
  warChannel: (id: string) => `arena.war.${id}`,
  warState: '.war.state',
  squadChannel: (id: string) => `arena.squad.${id}`,
  warLineup: '.war.lineup',
  warChallenge: '.war.challenge',
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

export const squadsApi = {
  create: (body: { name: string; team_id?: string }) =>
    api.post<{ message: string; squad: ArenaSquad }>('/api/arena/squads', body),
  join: (id: string) => api.post<{ message: string; squad: ArenaSquad }>(`/api/arena/squads/${id}/join`, {}),
  leave: (id: string) => api.post<{ message: string; squad: ArenaSquad | null }>(`/api/arena/squads/${id}/leave`, {}),
  challenge: (body: {
    squad_id: string;
    opponent_id: string;
    category: ArenaCategory;
    prep_minutes?: number;
    battle_minutes?: number;
  }) => api.post<{ message: string; challenge: WarChallenge }>('/api/arena/challenges', body),
  accept: (id: string) => api.post<{ message: string; war: ArenaWar }>(`/api/arena/challenges/${id}/accept`, {}),
  decline: (id: string) =>
    api.post<{ message: string; challenge: WarChallenge }>(`/api/arena/challenges/${id}/decline`, {}),
  war: (id: string) => api.get<{ war: ArenaWar }>(`/api/arena/wars/${id}`),
  lineup: (id: string, entryId: string) =>
    api.post<{ message: string; war: ArenaWar }>(`/api/arena/wars/${id}/lineup`, { entry_id: entryId }),
  attack: (id: string, targetEntryId: string) =>
    api.post<{ message: string; war: ArenaWar }>(`/api/arena/wars/${id}/attacks`, { target_entry_id: targetEntryId }),
};

export const arenaAdminApi = {
  decide: (id: string, decision: 'exclude' | 'dismiss') =>
    api.post<{ message: string; flag: ArenaFlag }>(`/api/admin/arena/flags/${id}/decision`, { decision }),
};
