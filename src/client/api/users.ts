import type { StickerJson, StickerPackJson } from '@contracts/admin-content';
import type { Page } from '@contracts/common';
import type { MarketJson, StatJson } from '@/hooks/useProfileActions';
import { api, type RequestOptions } from '../lib/http';

export const authPaths = { login: '/login' };

interface FollowState {
  following: boolean;
  followers_count: number;
}

/** The /api calls of profiles and accounts: handles, follows, markets, stats. */
export const usersApi = {
  checkHandle: (userId: string, handle: string, options?: RequestOptions) =>
    api.post<{ status: string }>(`/api/user/${userId}/check-handle`, { handle }, options),
  follow: (userId: string) => api.post<FollowState>(`/api/follows/${userId}`),
  unfollow: (userId: string) => api.delete<FollowState>(`/api/follows/${userId}`),
  addMarket: (name: string) => api.post<{ message: string; markets: MarketJson[] }>('/api/markets', { name }),
  removeMarket: (marketId: string, userId: string) =>
    api.post<{ markets: MarketJson[] }>(`/api/markets/${marketId}/user/${userId}/detach`),
  /** One page of the people `userId` follows, or of their followers; `P` is the list page shape. */
  followList: <P>(direction: 'followers' | 'followings', userId: string, page: number) =>
    api.get<P>(`/api/${direction}`, { query: { user_id: userId, page } }),
  updateStat: (statId: string, value: string) =>
    api.post<{ stats: StatJson[] }>(`/api/user/stat/${statId}/update`, { value }),
  /** The stickers the signed-in user wears on their profile, and the packs they may pick from. */
  profileStickers: () => api.get<{ stickers: StickerJson[] }>('/api/profile-stickers'),
  stickerPacks: () => api.get<Page<StickerPackJson>>('/api/stickers', { query: { per_page: 50 } }),
  saveProfileStickers: (stickerIds: string[]) =>
    api.put<{ message: string; stickers: StickerJson[] }>('/api/profile-stickers', { sticker_ids: stickerIds }),
};
