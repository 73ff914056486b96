import { lazy, Suspense, type ReactNode } from 'react';
import { ThemeToggle } from '@/components/ThemeToggle';
import { ButtonLink } from '@/components/ui/Button';
import { useAuthUser } from '@/hooks/useSharedProps';
import { cn } from '@/lib/cn';
import { routes } from '@/routes';
import { AppFooter } from './parts/AppFooter';
import { Brand } from './parts/Brand';
import { MobileMenu } from './parts/MobileMenu';
import { CartNavButton } from '@/components/commerce/CartNavButton';
import { useSignedInChrome } from './signed-in-chrome';

// Banners and toasts that show now and then load after the page, in chunks of their own: the first page a
// visitor opens stays within its JavaScript budget.
const SweepstakesWinToast = lazy(() =>
  import('@/components/sweepstakes/SweepstakesWinToast').then((m) => ({ default: m.SweepstakesWinToast })),
);
const Announcements = lazy(() =>
  import('@/components/admin/Announcements').then((m) => ({ default: m.Announcements })),
);

export interface AppLayoutProps {
  children?: ReactNode;
  /** Let the page use the full width (feed, map) instead of the centred column. */
  fullWidth?: boolean;
}

// A `function` declaration (not an arrow) so Inertia treats it as a layout component.
export function AppLayout({ children, fullWidth = false }: AppLayoutProps) {
  const user = useAuthUser();
  // Navigation, bell, team switcher and account menu: a chunk the page resolver loads before a signed-in page renders.
  const chrome = useSignedInChrome(Boolean(user));

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      {chrome && <chrome.ImpersonationBanner />}
      <Suspense fallback={null}>
        <Announcements />
      </Suspense>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="relative mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-3 sm:h-16 sm:px-6">
          <div className="flex min-w-0 items-center gap-6">
            <Brand href={user ? routes.feed : routes.home} />
            {chrome && <chrome.MainNavLinks />}
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <CartNavButton />
            {user ? (
              chrome && (
                <>
                  <chrome.TeamSwitcher />
                  <chrome.LiveNotificationBell />
                  <chrome.UserMenu user={user} />
                </>
              )
            ) : (
              <div className="hidden items-center gap-2 md:flex">
                <ButtonLink href={routes.login} variant="ghost">
                  Log in
                </ButtonLink>
                <ButtonLink href={routes.register}>Register</ButtonLink>
              </div>
            )}
            <MobileMenu user={user} />
          </div>
        </div>
      </header>
      <main
        id="main"
        className={cn(
          'w-full flex-1',
          !fullWidth && 'mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8',
          user && 'pb-24 md:pb-8',
        )}
      >
        {children}
      </main>
      <div className={cn(user && 'pb-16 md:pb-0')}>
        <AppFooter />
      </div>
      {chrome && <chrome.BottomNav />}
      {user && (
        <Suspense fallback={null}>
          <SweepstakesWinToast userId={user.id} />
        </Suspense>
      )}
    </div>
  );
}
