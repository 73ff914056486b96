import { Head, Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { legalLinks } from '@/layouts/parts/AppFooter';
import { cn } from '@/lib/cn';
import { isActivePath } from '@/routes';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

/** Shared frame for the legal pages: title, date, contents, sections, and links to the other documents (the current one highlighted). */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  const { url: currentUrl } = usePage();
  return (
    <>
      <Head title={title} />
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_14rem]">
        <article className="min-w-0">
          <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
            <p className="text-sm font-medium text-brand-600 dark:text-brand-400">Legal</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
              Last updated{' '}
              <time dateTime={updated}>
                {new Date(`${updated}T00:00:00`).toLocaleDateString('en-US', { dateStyle: 'long' })}
              </time>
            </p>
            <div className="mt-4 text-base leading-7 text-slate-700 dark:text-slate-300">{intro}</div>
          </header>
          <nav aria-label="Contents" className="my-6 rounded-xl bg-slate-100 p-4 text-sm dark:bg-slate-900">
            <p className="mb-2 font-semibold text-slate-900 dark:text-white">Contents</p>
            <ol className="list-decimal space-y-1 pl-5 text-slate-600 dark:text-slate-400">
              {sections.map((section) => (
                <li key={section.heading}>
                  <a href={`#${slug(section.heading)}`} className="hover:text-brand-700 dark:hover:text-brand-300">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="space-y-8">
            {sections.map((section, index) => (
              <section key={section.heading} id={slug(section.heading)} className="scroll-mt-24">
                <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
                  {index + 1}. {section.heading}
                </h2>
                <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
                  {section.body}
                </div>
              </section>
            ))}
          </div>
        </article>
        <aside className="hidden lg:block">
          <nav aria-label="Legal documents" className="sticky top-24 space-y-1 text-sm">
            {legalLinks.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                className={cn(
                  'block rounded-lg px-3 py-2',
                  isActivePath(currentUrl, link.href)
                    ? 'bg-white font-medium text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-300'
                    : 'text-slate-600 hover:bg-white dark:text-slate-400 dark:hover:bg-slate-900',
                )}
              >
                {link.label}
              </Link>
            ))}
          </nav>
        </aside>
      </div>
    </>
  );
}
