import { Link } from '@inertiajs/react';
import { ButtonLink } from '@/components/ui/Button';
import { routes } from '@/routes';
import type { AuthUser } from '@/types';
import { mainNav } from '../nav-items';

const linkClasses =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * The open hamburger panel: every destination, including account links. A chunk of its own (it pulls in the whole
 * nav with every area's paths), fetched when the browser is idle after the first page renders, or on first touch.
 */
export function MobileMenuPanel({ user }: { user: AuthUser | null }) {
  return (
    <div
      id="mobile-menu"
      className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg dark:border-slate-800 dark:bg-slate-950"
    >
      <nav aria-label="Mobile" className="space-y-1">
        {mainNav.map((item) => (
          <Link key={item.href} href={item.href} className={linkClasses}>
            {item.label}
          </Link>
        ))}
        <Link href={routes.notifications} className={linkClasses}>
          Notifications
        </Link>
      </nav>
      <div className="mt-3 border-t border-slate-100 pt-3 dark:border-slate-800">
        {user ? (
          <div className="space-y-1">
            {user.role === 'admin' && (
              <Link href={routes.admin} className={linkClasses}>
                Admin
              </Link>
            )}
            <Link href={routes.settings.profile} className={linkClasses}>
              Settings
            </Link>
            <Link href={routes.logout} method="post" as="button" className={`${linkClasses} w-full text-left`}>
              Log out
            </Link>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <ButtonLink href={routes.login} variant="secondary">
              Log in
            </ButtonLink>
            <ButtonLink href={routes.register}>Register</ButtonLink>
          </div>
        )}
      </div>
    </div>
  );
}
