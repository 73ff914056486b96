import { Link, usePage } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import { isActivePath } from '@/routes';
import type { ComponentType } from 'react';
import { ChatsNavBadge } from '@/components/chat/ChatsNavBadge';
import { mainNav, type NavBadge } from '../nav-items';

/** The live counts beside nav items (signed-in only: this file ships in the signed-in chrome chunk). */
const navBadges: Record<NavBadge, ComponentType> = { unreadChats: ChatsNavBadge };

function ItemBadge({ badge }: { badge?: NavBadge }) {
  const Badge = badge ? navBadges[badge] : null;
  return Badge ? <Badge /> : null;
}

/** Top-bar links (wide screens). */
export function MainNavLinks() {
  const { url } = usePage();
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
      {mainNav.map((item) => {
        const active = isActivePath(url, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
              active
                ? 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
            )}
          >
            {item.label}
            <ItemBadge badge={item.badge} />
          </Link>
        );
      })}
    </nav>
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
