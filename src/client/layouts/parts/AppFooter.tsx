import { Link } from '@inertiajs/react';
import { useAppName } from '@/hooks/useSharedProps';
import { routes } from '@/routes';

export const legalLinks = [
  { label: 'Terms', href: routes.legal.terms },
  { label: 'Privacy', href: routes.legal.privacy },
  { label: 'Cookies', href: routes.legal.cookie },
  { label: 'Data', href: routes.legal.data },
  { label: 'Acceptable use', href: routes.legal.acceptableUse },
];

export function AppFooter() {
  const appName = useAppName();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {appName}
        </p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-4 gap-y-2">
          {legalLinks.map((link) => (
            <Link key={link.href} href={link.href} className="hover:text-slate-900 dark:hover:text-white">
              {link.label}
            </Link>
          ))}
          <Link href={routes.install} className="hover:text-slate-900 dark:hover:text-white">
            Install app
          </Link>
        </nav>
      </div>
    </footer>
  );
}
