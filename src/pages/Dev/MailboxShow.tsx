import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

type Props = PageProps<{
  mail: {
    id: string;
    to: string;
    subject: string;
    createdAt: string;
    text: string;
    html: string;
    attachments?: Attachment[];
  };
}>;

interface Attachment {
  filename: string;
  contentType: string;
  size: number;
  url: string;
}

export default function MailboxShow({ mail }: Props) {
  const [tab, setTab] = useState<'html' | 'text'>('html');
  return (
    <>
      <Head title={mail.subject} />
      <div className="mx-auto max-w-4xl space-y-4">
        <Link href="/dev/mailbox" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          ← All mails
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{mail.subject}</h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500 dark:text-slate-400">To</dt>
            <dd className="break-all text-slate-800 dark:text-slate-200">{mail.to}</dd>
            <dt className="text-slate-500 dark:text-slate-400">Sent</dt>
            <dd className="text-slate-800 dark:text-slate-200">{new Date(mail.createdAt).toLocaleString()}</dd>
            {mail.attachments?.length ? (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Attached</dt>
                <dd>
                  <ul className="space-y-1">
                    {mail.attachments.map((a) => (
                      <li key={a.url} className="break-all">
                        <a
                          href={a.url}
                          download={a.filename}
                          className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                        >
                          {a.filename}
                        </a>{' '}
                        <span className="text-slate-500 dark:text-slate-400">
                          {a.contentType.split(';')[0]}, {a.size.toLocaleString()} bytes
                        </span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
        <div role="tablist" aria-label="Mail format" className="flex gap-1">
          {(['html', 'text'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              onClick={() => setTab(value)}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium',
                tab === value
                  ? 'bg-brand-600 text-white dark:bg-brand-500'
                  : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              {value === 'html' ? 'HTML' : 'Text'}
            </button>
          ))}
        </div>
        {tab === 'html' ? (
          // Sandboxed: no scripts, no access to this page; links open in the top window.
          <iframe
            title="Mail body"
            srcDoc={mail.html}
            sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
            className="h-[70vh] w-full rounded-2xl border border-slate-200 bg-white dark:border-slate-800"
          />
        ) : (
          <pre className="overflow-x-auto whitespace-pre-wrap rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
            {mail.text}
          </pre>
        )}
      </div>
    </>
  );
}
