import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Brand } from './parts/Brand';
import { legalLinks } from './parts/AppFooter';

export interface AuthLayoutProps {
  children?: ReactNode;
  /** Card heading, e.g. "Log in". Pages set it with `Login.layout = { heading: 'Log in' }`. */
  heading?: ReactNode;
  /** One line under the heading. */
  intro?: ReactNode;
}

/** Centred card for sign-in, registration and account recovery pages. */
export function AuthLayout({ children, heading, intro }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-100 text-slate-900 dark:from-slate-950 dark:to-slate-900 dark:text-slate-100">
      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Brand />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-10 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          {(heading || intro) && (
            <div className="mb-6 text-center">
              {heading && (
                <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{heading}</h1>
              )}
              {intro && <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{intro}</p>}
            </div>
          )}
          {children}
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-x-4 gap-y-1 px-4 pb-6 text-xs text-slate-500 dark:text-slate-400">
        {legalLinks.map((link) => (
          <Link key={link.href} href={link.href} className="hover:text-slate-800 dark:hover:text-slate-200">
            {link.label}
          </Link>
        ))}
      </footer>
    </div>
  );
}
