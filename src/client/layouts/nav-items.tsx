import type { ComponentType, SVGProps } from 'react';
import { sweepstakesPaths } from '@/api/sweepstakes';
import { arenaPaths } from '@/api/arena';
import { crmPaths } from '@/api/crm';
import { farmPaths } from '@/api/crm-marketing';
import { journalPaths } from '@/api/journal';
import { societyPaths } from '@/api/society';
import { channelPaths } from '@/api/channels';
import { directoryPaths } from '@/api/directory';
import { pursuitPaths } from '@/api/pursuits';
import { tourPaths } from '@/api/tours';
import { collectionPaths } from '@/api/collections';
import { wikiPaths } from '@/api/wiki';
import { openCreativePaths } from '@/api/open-creative';
import { creatorMetricsPaths } from '@/api/creator-metrics';
import {
  ChatIcon,
  GiftIcon,
  HomeIcon,
  MapPinIcon,
  PlayIcon,
  ShieldIcon,
  SparklesIcon,
  UserIcon,
} from '@/components/icons';
import { routes } from '@/routes';

export type NavBadge = 'unreadChats';

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /**
   * A live count shown beside the item (e.g. unread chats), named here and drawn by `navBadges` in
   * parts/MainNavLinks.tsx, so the guest menu (which shows no counts) does not pull in the stores behind them.
   */
  badge?: NavBadge;
  /** False keeps the item out of the phone bottom bar (five slots); it stays in the top bar and the menu. */
  inBottomBar?: boolean;
}

/** Main areas, in the order they appear in the top bar and the phone bottom bar. */
export const mainNav: NavItem[] = [
  { label: 'Feed', href: routes.feed, icon: PlayIcon },
  { label: 'Market', href: routes.market, icon: MapPinIcon },
  { label: 'Listings', href: routes.listings, icon: HomeIcon },
  { label: 'Designer', href: routes.designer, icon: SparklesIcon },
  { label: 'Chats', href: routes.chats, icon: ChatIcon, badge: 'unreadChats' },
  { label: 'Sweepstakes', href: sweepstakesPaths.index, icon: GiftIcon, inBottomBar: false },
  { label: 'Leads', href: crmPaths.myLeads, icon: UserIcon, inBottomBar: false },
  { label: 'Arena', href: arenaPaths.lobby(), icon: ShieldIcon, inBottomBar: false },
  { label: 'Journal', href: journalPaths.index, icon: SparklesIcon, inBottomBar: false },
  { label: 'Societies', href: societyPaths.index, icon: UserIcon, inBottomBar: false },
  { label: 'Channels', href: channelPaths.index, icon: ChatIcon, inBottomBar: false },
  { label: 'Providers', href: directoryPaths.providers(), icon: UserIcon, inBottomBar: false },
  { label: 'Pursuits', href: pursuitPaths.index, icon: SparklesIcon, inBottomBar: false },
  { label: 'Tours', href: tourPaths.index(), icon: HomeIcon, inBottomBar: false },
  { label: 'Collections', href: collectionPaths.index(), icon: HomeIcon, inBottomBar: false },
  { label: 'Farm', href: farmPaths.farm(), icon: MapPinIcon, inBottomBar: false },
  { label: 'Wiki', href: wikiPaths.index(), icon: SparklesIcon, inBottomBar: false },
  { label: 'Creatives', href: openCreativePaths.managers(), icon: SparklesIcon, inBottomBar: false },
  { label: 'Metrics', href: creatorMetricsPaths.page, icon: SparklesIcon, inBottomBar: false },
];

/** Administration pages, offered in the account menu to admins. */
