import { useState } from 'react';
import type { Market as MarketJson, Stat as StatJson } from '@contracts/people';
import { authPaths, usersApi } from '@/api/users';
import { errorMessage } from '@/lib/errors';
import { requireUser } from '@/lib/http';
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
      window.location.href = authPaths.login;
      return;
    }
    setBusy(true);
    try {
      const res = following ? await usersApi.unfollow(profileUserId) : await usersApi.follow(profileUserId);
      setFollowing(res.following);
      setFollowers(res.followers_count);
    } catch (e) {
      notify.error(errorMessage(e, following ? 'Could not unfollow' : 'Could not follow'));
    } finally {
      setBusy(false);
    }
  };

  const addMarket = async (name: string) => {
    if (!requireUser(user, 'add market')) return false;
    try {
      const res = await usersApi.addMarket(name);
      setMarkets(res.markets);
      notify.success('Market added');
      return true;
    } catch (e) {
      notify.error(errorMessage(e, 'Could not add the market'));
      return false;
    }
  };

  const removeMarket = async (marketId: string) => {
    if (!requireUser(user, 'remove market')) return;
    try {
      const res = await usersApi.removeMarket(marketId, user.id);
      setMarkets(res.markets);
      notify.success('Market removed');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not remove the market'));
    }
  };

  const updateStat = async (statId: string, value: string) => {
    if (!requireUser(user, 'update stats')) return;
    try {
      const res = await usersApi.updateStat(statId, value);
      setStats(res.stats);
      notify.success('Stats Updated');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not update the stats'));
    }
  };

  return { following, followers, markets, stats, busy, toggleFollow, addMarket, removeMarket, updateStat };
}
