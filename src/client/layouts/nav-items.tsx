import type { ComponentType, SVGProps } from 'react';
import { ChatsNavBadge } from '@/components/chat/ChatsNavBadge';
import { sweepstakesPaths } from '@/api/sweepstakes';
import { arenaPaths } from '@/api/arena';
import { crmPaths } from '@/api/crm';
import { journalPaths } from '@/api/journal';
import { societyPaths } from '@/api/society';
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

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** A live count shown beside the item (e.g. unread chats). */
  badge?: ComponentType;
  /** False keeps the item out of the phone bottom bar (five slots); it stays in the top bar and the menu. */
  inBottomBar?: boolean;
}

/** Main areas, in the order they appear in the top bar and the phone bottom bar. */
export const mainNav: NavItem[] = [
  { label: 'Feed', href: routes.feed, icon: PlayIcon },
  { label: 'Market', href: routes.market, icon: MapPinIcon },
  { label: 'Listings', href: routes.listings, icon: HomeIcon },
  { label: 'Designer', href: routes.designer, icon: SparklesIcon },
  { label: 'Chats', href: routes.chats, icon: ChatIcon, badge: ChatsNavBadge },
  { label: 'Sweepstakes', href: sweepstakesPaths.index, icon: GiftIcon, inBottomBar: false },
  { label: 'Leads', href: crmPaths.myLeads, icon: UserIcon, inBottomBar: false },
  { label: 'Arena', href: arenaPaths.lobby(), icon: ShieldIcon, inBottomBar: false },
  { label: 'Journal', href: journalPaths.index, icon: SparklesIcon, inBottomBar: false },
  { label: 'Societies', href: societyPaths.index, icon: UserIcon, inBottomBar: false },
];

/** Administration pages, offered in the account menu to admins. */
