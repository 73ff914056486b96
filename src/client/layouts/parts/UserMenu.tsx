import { Link } from '@inertiajs/react';
import { Avatar } from '@/components/Avatar';
import { CogIcon, GiftIcon, HomeIcon, LogoutIcon, ShieldIcon, SparklesIcon, UserIcon } from '@/components/icons';
import { MenuButton, menuItemClasses as itemClasses } from '@/components/ui/MenuButton';
import { affiliatePaths } from '@/api/affiliates';
import { routes } from '@/routes';
import type { AuthUser } from '@/types';

export function UserMenu({ user }: { user: AuthUser }) {
  return (
    <MenuButton
      label="Account menu"
      buttonClassName="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-brand-500"
      button={<Avatar name={user.name} url={user.avatarUrl} />}
      menuClassName="right-0 w-60"
    >
      {(close) => (
        <>
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
        </>
      )}
    </MenuButton>
  );
}
