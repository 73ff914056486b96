import { Link, usePage } from '@inertiajs/react';
import { ChevronDownIcon } from '@/components/icons';
import { MenuButton } from '@/components/ui/MenuButton';
import { cn } from '@/lib/cn';
import { isActivePath } from '@/routes';
import type { ComponentType } from 'react';
import { ChatsNavBadge } from '@/components/chat/ChatsNavBadge';
import { mainNav, type NavBadge, type NavItem } from '../nav-items';

/** The live counts beside nav items (signed-in only: this file ships in the signed-in chrome chunk). */
const navBadges: Record<NavBadge, ComponentType> = { unreadChats: ChatsNavBadge };

function ItemBadge({ badge }: { badge?: NavBadge }) {
  const Badge = badge ? navBadges[badge] : null;
  return Badge ? <Badge /> : null;
}

const linkClasses = (active: boolean) =>
  cn(
    'inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    active
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/**
 * Top-bar links (wide screens): the five main areas, and the rest under "More", so the bar never grows past the
 * screen as areas are added (the phone menu lists them all).
 */
export function MainNavLinks() {
  const { url } = usePage();
  const primary = mainNav.filter((item) => item.inBottomBar !== false);
  const more = mainNav.filter((item) => item.inBottomBar === false);
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
      {primary.map((item) => {
        const active = isActivePath(url, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            className={linkClasses(active)}
          >
            {item.label}
            <ItemBadge badge={item.badge} />
          </Link>
        );
      })}
      {more.length > 0 && <MoreMenu items={more} url={url} />}
    </nav>
  );
}

function MoreMenu({ items, url }: { items: NavItem[]; url: string }) {
  const current = items.find((item) => isActivePath(url, item.href));
  return (
    <MenuButton
      buttonClassName={cn(linkClasses(Boolean(current)), 'gap-1')}
      button={
        <>
          {current?.label ?? 'More'}
          <ChevronDownIcon className="h-4 w-4" />
        </>
      }
      menuClassName="left-0 grid w-72 grid-cols-2 gap-0.5"
    >
      {(close) =>
        items.map((item) => {
          const active = isActivePath(url, item.href);
          const Icon = item.icon;
          return (
            <Link
              key={item.href}
              role="menuitem"
              href={item.href}
              aria-current={active ? 'page' : undefined}
              onClick={close}
              className={cn(linkClasses(active), 'gap-2')}
            >
              <Icon className="h-4 w-4 shrink-0" />
              {item.label}
            </Link>
          );
        })
      }
    </MenuButton>
  );
}

/** Phone bottom bar for signed-in users: thumb-reachable main areas. */
export function BottomNav() {
  const { url } = usePage();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-950/95"
    >
      <ul className="grid grid-cols-5">
        {mainNav
          .filter((item) => item.inBottomBar !== false)
          .map((item) => {
            const active = isActivePath(url, item.href);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium',
                    active ? 'text-brand-600 dark:text-brand-400' : 'text-slate-500 dark:text-slate-400',
                  )}
                >
                  <Icon className="h-6 w-6" />
                  <span className="inline-flex items-center">
                    {item.label}
                    <ItemBadge badge={item.badge} />
                  </span>
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
