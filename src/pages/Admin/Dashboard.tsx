import { Head, Link } from '@inertiajs/react';
import type { PageProps } from '@/types';

interface Props {
  sections: Array<{ title: string; description: string; href: string }>;
}

/** Admin console home: one card per admin screen. */
export default function AdminDashboard({ sections }: PageProps<Props>) {
  return (
    <>
      <Head title="Admin" />
      <div className="mx-auto max-w-5xl space-y-6">
        <header>
          <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-300">Admin</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Console</h1>
        </header>
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.href}>
              <Link
                href={section.href}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-400 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500"
              >
                <h2 className="text-base font-semibold text-slate-900 dark:text-white">{section.title}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{section.description}</p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
