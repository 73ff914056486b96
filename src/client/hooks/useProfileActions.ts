import { useState } from 'react';
import type { Market as MarketJson, Stat as StatJson } from '@contracts/people';
import { api, requireUser } from '@/lib/http';
import { notify } from '@/lib/toast';
import { useAuthUser } from './useSharedProps';

export type { MarketJson, StatJson };

/** Follow, markets and stats actions of the profile page, with the spec 8 toasts. */
export function useProfileActions(
  profileUserId: string,
  initial: { following: boolean; followers: number; markets: MarketJson[]; stats: StatJson[] },
) {
  const user = useAuthUser();
  const [following, setFollowing] = useState(initial.following);
  const [followers, setFollowers] = useState(initial.followers);
  const [markets, setMarkets] = useState(initial.markets);
  const [stats, setStats] = useState(initial.stats);
  const [busy, setBusy] = useState(false);

  const toggleFollow = async () => {
    if (!requireUser(user, 'follow')) {
      window.location.href = '/login';
      return;
    }
    setBusy(true);
    try {
      const res = following
        ? await api.delete<{ following: boolean; followers_count: number }>(`/api/follows/${profileUserId}`)
        : await api.post<{ following: boolean; followers_count: number }>(`/api/follows/${profileUserId}`);
      setFollowing(res.following);
      setFollowers(res.followers_count);
    } catch (e) {
      notify.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const addMarket = async (name: string) => {
    if (!requireUser(user, 'add market')) return false;
    try {
      const res = await api.post<{ message: string; markets: MarketJson[] }>('/api/markets', { name });
      setMarkets(res.markets);
      notify.success('Market added');
      return true;
    } catch (e) {
      notify.error((e as Error).message);
      return false;
    }
  };

  const removeMarket = async (marketId: string) => {
    if (!requireUser(user, 'remove market')) return;
    try {
      const res = await api.post<{ markets: MarketJson[] }>(`/api/markets/${marketId}/user/${user.id}/detach`);
      setMarkets(res.markets);
      notify.success('Market removed');
    } catch (e) {
      notify.error((e as Error).message);
    }
  };

  const updateStat = async (statId: string, value: string) => {
    if (!requireUser(user, 'update stats')) return;
    try {
      const res = await api.post<{ stats: StatJson[] }>(`/api/user/stat/${statId}/update`, { value });
      setStats(res.stats);
      notify.success('Stats Updated');
    } catch (e) {
      notify.error((e as Error).message);
    }
  };

  return { following, followers, markets, stats, busy, toggleFollow, addMarket, removeMarket, updateStat };
}
