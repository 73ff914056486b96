import { Head, Link } from '@inertiajs/react';
import { Alert, EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

interface MailRow {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  preview: string;
}

type Props = PageProps<{
  mails: MailRow[];
  pagination: { currentPage: number; lastPage: number; total: number };
  usesDevMailbox: boolean;
}>;

export default function Mailbox({ mails, pagination, usesDevMailbox }: Props) {
  return (
    <>
      <Head title="Dev mailbox" />
      <div className="mx-auto max-w-4xl space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
              Development mailbox
            </h1>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              Mails the app sent while no SMTP server is configured. Not available in production.
            </p>
          </div>
          <span className="text-sm text-slate-500 dark:text-slate-400">
            {pagination.total} mail{pagination.total === 1 ? '' : 's'}
          </span>
        </div>
        {!usesDevMailbox && (
          <Alert variant="info">SMTP is configured: new mails go to the SMTP server, not here.</Alert>
        )}
        {mails.length === 0 ? (
          <EmptyState
            title="No mails yet"
            description="Register or ask for a password reset and the mail shows up here."
          />
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-slate-200 bg-surface shadow-sm dark:border-slate-800">
            {mails.map((mail) => (
              <li key={mail.id}>
                <Link
                  href={`/dev/mailbox/${mail.id}`}
                  className="block px-5 py-4 transition hover:bg-slate-50 dark:hover:bg-slate-800/60"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <span className="font-medium text-slate-900 dark:text-white">{mail.subject}</span>
                    <time className="text-xs text-slate-500 dark:text-slate-400" dateTime={mail.createdAt}>
                      {new Date(mail.createdAt).toLocaleString()}
                    </time>
                  </div>
                  <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">To {mail.to}</p>
                  <p className="mt-1 line-clamp-1 text-sm text-slate-500 dark:text-slate-400">{mail.preview}</p>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          currentPage={pagination.currentPage}
          lastPage={pagination.lastPage}
          hrefFor={(page) => `/dev/mailbox?page=${page}`}
        />
      </div>
    </>
  );
}
