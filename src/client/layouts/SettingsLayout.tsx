import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { isActivePath, routes } from '@/routes';

export const settingsNav = [
  { label: 'Profile', href: routes.settings.profile },
  { label: 'Password', href: routes.settings.password },
  { label: 'Two-factor', href: routes.settings.twoFactor },
  { label: 'Timezone', href: routes.settings.timezone },
  { label: 'Notifications', href: routes.settings.notifications },
  { label: 'Addresses', href: routes.settings.addresses },
  { label: 'Connected accounts', href: routes.settings.connectedAccounts },
  { label: 'Sessions', href: routes.settings.sessions },
  { label: 'Delete account', href: routes.settings.deleteAccount },
] as const;

export interface SettingsLayoutProps {
  children?: ReactNode;
  /** Section heading; pages set it with `Profile.layout = { settingsTitle: 'Profile' }`. */
  settingsTitle?: ReactNode;
  settingsIntro?: ReactNode;
}

/** Settings pages: side navigation (a scrollable strip on phones) beside the section content. */
export function SettingsLayout({ children, settingsTitle, settingsIntro }: SettingsLayoutProps) {
  const { url } = usePage();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Settings</h1>
      <div className="flex flex-col gap-6 md:flex-row md:gap-10">
        <nav
          aria-label="Settings"
          className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-56 md:shrink-0 md:overflow-visible md:px-0"
        >
          <ul className="flex gap-1 md:flex-col">
            {settingsNav.map((item) => {
              const active = isActivePath(url, item.href);
              return (
                <li key={item.href} className="shrink-0">
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      active
                        ? 'bg-white text-brand-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-brand-300 dark:ring-slate-800'
                        : 'text-slate-600 hover:bg-white hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-900 dark:hover:text-white',
                      item.href === routes.settings.deleteAccount && !active && 'text-red-600 dark:text-red-400',
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className="min-w-0 flex-1 space-y-6">
          {(settingsTitle || settingsIntro) && (
            <header>
              {settingsTitle && (
                <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{settingsTitle}</h2>
              )}
              {settingsIntro && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{settingsIntro}</p>}
            </header>
          )}
          {children}
        </section>
      </div>
    </div>
  );
}
