import type { ReactNode } from 'react';
import { routes } from '@/routes';
import { SectionNav } from './parts/SectionNav';

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
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Settings</h1>
      <div className="flex flex-col gap-6 md:flex-row md:gap-10">
        <SectionNav
          label="Settings"
          items={settingsNav.map((item) => ({ ...item, danger: item.href === routes.settings.deleteAccount }))}
        />
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
