import { ImpersonationBanner } from '@/components/admin/ImpersonationBanner';
import { LiveNotificationBell } from '@/components/notifications/LiveNotificationBell';
import { TeamSwitcher } from '@/components/teams/TeamSwitcher';
import { BottomNav, MainNavLinks } from './MainNavLinks';
import { UserMenu } from './UserMenu';

/**
 * What AppLayout shows only to a signed-in user, in a chunk of its own (loaded by signed-in-chrome.ts before the
 * page renders): a guest's first page does not download the chats store, the notifications, teams and admin API
 * modules these pull in.
 */
export const signedInChrome = {
  ImpersonationBanner,
  MainNavLinks,
  BottomNav,
  TeamSwitcher,
  LiveNotificationBell,
  UserMenu,
};

export type SignedInChrome = typeof signedInChrome;
