import { Link, router } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { CloseIcon, MenuIcon } from '@/components/icons';
import { ButtonLink } from '@/components/ui';
import { routes } from '@/routes';
import type { AuthUser } from '@/types';
import { mainNav } from '../nav-items';

const linkClasses =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

/** Hamburger panel for phones: every destination, including account links. */
export function MobileMenu({ user }: { user: AuthUser | null }) {
  const [open, setOpen] = useState(false);

  // Close after any navigation so the panel never covers the new page.
  useEffect(() => router.on('navigate', () => setOpen(false)), []);

  return (
    <div className="md:hidden">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        {open ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
      </button>
      {open && (
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
      )}
    </div>
  );
}
