import { Link, usePage } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import { isActivePath } from '@/routes';

export interface SectionNavItem {
  label: string;
  href: string;
  /** Shown in red while not the current page (a destructive section). */
  danger?: boolean;
  /** Current only on this exact path (a section's front door), not on the pages below it. */
  exact?: boolean;
}

/** A section's own navigation: a side column from md up, a scrollable strip on phones (settings, admin). */
export function SectionNav({ label, items }: { label: string; items: readonly SectionNavItem[] }) {
  const { url } = usePage();
  return (
    <nav
      aria-label={label}
      className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-56 md:shrink-0 md:overflow-visible md:px-0"
    >
      <ul className="flex gap-1 md:flex-col">
        {items.map((item) => {
          const active = item.exact ? url.split(/[?#]/)[0] === item.href : isActivePath(url, item.href);
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
                  item.danger && !active && 'text-red-600 dark:text-red-400',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
