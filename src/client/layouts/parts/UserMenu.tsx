import { Link } from '@inertiajs/react';
import { Avatar } from '@/components/Avatar';
import { CogIcon, GiftIcon, HomeIcon, LogoutIcon, ShieldIcon, SparklesIcon, UserIcon } from '@/components/icons';
import { useMenu } from '@/hooks/useDismiss';
import { affiliatePaths } from '@/api/affiliates';
import { routes } from '@/routes';
import type { AuthUser } from '@/types';

const itemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export function UserMenu({ user }: { user: AuthUser }) {
  const { open, ref, close, toggle } = useMenu();

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        className="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Avatar name={user.name} url={user.avatarUrl} />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="border-b border-slate-100 px-3 py-2 dark:border-slate-800">
            <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">
              {user.handle ? `@${user.handle}` : user.email}
            </p>
          </div>
          <div className="pt-1">
            {user.handle && (
              <Link role="menuitem" href={`/profile/${user.handle}`} className={itemClasses} onClick={close}>
                <UserIcon className="h-4 w-4" /> Profile
              </Link>
            )}
            <Link role="menuitem" href={routes.marketplace} className={itemClasses} onClick={close}>
              <SparklesIcon className="h-4 w-4" /> Marketplace
            </Link>
            <Link role="menuitem" href={routes.orders} className={itemClasses} onClick={close}>
              <HomeIcon className="h-4 w-4" /> Orders and vault
            </Link>
            <Link role="menuitem" href={affiliatePaths.landing} className={itemClasses} onClick={close}>
              <GiftIcon className="h-4 w-4" /> Affiliate programme
            </Link>
            <Link role="menuitem" href={affiliatePaths.userPayouts} className={itemClasses} onClick={close}>
              <GiftIcon className="h-4 w-4" /> Payouts
            </Link>
            {user.role === 'admin' && (
              <Link role="menuitem" href={routes.admin} className={itemClasses} onClick={close}>
                <ShieldIcon className="h-4 w-4" /> Admin
              </Link>
            )}
            <Link role="menuitem" href={routes.settings.profile} className={itemClasses} onClick={close}>
              <CogIcon className="h-4 w-4" /> Settings
            </Link>
            <Link
              role="menuitem"
              href={routes.logout}
              method="post"
              as="button"
              className={itemClasses}
              onClick={close}
            >
              <LogoutIcon className="h-4 w-4" /> Log out
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
