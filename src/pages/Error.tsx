import { Head } from '@inertiajs/react';
import { ButtonLink } from '@/components/ui';
import { routes } from '@/routes';
import type { PageProps } from '@/types';

export interface ErrorPageCopy {
  title: string;
  description: string;
}

/** Wording for the statuses the server renders as pages; anything else falls back to 500. */
export const errorCopy: Record<number, ErrorPageCopy> = {
  403: { title: 'Access denied', description: 'You do not have permission to view this page.' },
  404: { title: 'Page not found', description: 'The page you are looking for has moved or no longer exists.' },
  419: { title: 'Page expired', description: 'Your session expired while the page was open. Refresh and try again.' },
  429: { title: 'Too many requests', description: 'You are going a little fast. Wait a moment and try again.' },
  500: {
    title: 'Something went wrong',
    description: 'An unexpected error happened on our side. We have been notified.',
  },
  503: { title: 'Down for maintenance', description: 'We are making improvements and will be back shortly.' },
};

export function copyForStatus(status: number): ErrorPageCopy {
  return errorCopy[status] ?? errorCopy[500];
}

export type ErrorPageProps = PageProps<{ status: number; message?: string | null }>;

/** Error screen rendered by the server as Inertia component "Error" with `{ status, message? }`. */
export default function ErrorPage({ status, message }: ErrorPageProps) {
  const copy = copyForStatus(status);
  return (
    <>
      <Head title={copy.title} />
      <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600 dark:text-brand-400">
          Error {status}
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {copy.title}
        </h1>
        <p className="mt-4 text-base text-slate-600 dark:text-slate-300">{message || copy.description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href={routes.home}>Back to home</ButtonLink>
          {status !== 403 && status !== 404 && (
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Try again
            </button>
          )}
        </div>
      </div>
    </>
  );
}
