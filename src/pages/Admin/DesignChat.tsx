import { Head, Link } from '@inertiajs/react';
import type { AdminDesignChatProps, DesignChatFlagJson } from '@contracts/admin-content';
import { useState } from 'react';
import { adminContentApi, adminPaths } from '@/api/admin';
import { useAdminAction } from '@/components/admin/useAdminAction';
import { Button, Card, EmptyState, Input, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

/** Admin DesignChat: design-chat messages flagged by their owners or the content filter, newest first. */
export default function AdminDesignChat({ flags, status }: PageProps<AdminDesignChatProps>) {
  return (
    <>
      <Head title="Design chat" />
      <div className="space-y-4">
        <header className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-headline text-ink">Design chat</h1>
          <nav className="flex gap-3 text-sm" aria-label="Status">
            {(['open', 'all'] as const).map((s) => (
              <Link
                key={s}
                href={`${adminPaths.designChat}?status=${s}`}
                className={s === status ? 'font-semibold text-accent-ink' : 'text-ink-muted'}
              >
                {s === 'open' ? 'Open flags' : 'All flags'}
              </Link>
            ))}
          </nav>
        </header>
        {flags.data.length === 0 ? (
          <EmptyState title="Nothing to review" description="Flags from people and the content filter land here." />
        ) : (
          <ul className="space-y-3">
            {flags.data.map((f) => (
              <Flag key={f.id} flag={f} />
            ))}
          </ul>
        )}
        <Pagination of={flags} hrefFor={(p) => `${adminPaths.designChat}?status=${status}&page=${p}`} />
      </div>
    </>
  );
}

function Flag({ flag }: { flag: DesignChatFlagJson }) {
  const [note, setNote] = useState('');
  const { busy, run } = useAdminAction(['flags']);
  const byPerson = flag.message.role === 'user';
  return (
    <li>
      <Card
        title={flag.reason}
        description={`${flag.source === 'filter' ? 'Content filter' : 'Reported by the owner'} · ${new Date(
          flag.created_at,
        ).toLocaleString()}${flag.resolution ? ` · ${flag.resolution}` : ''}`}
      >
        <blockquote
          className={`rounded-control border-l-4 border-line-strong bg-surface-muted p-3 text-sm text-ink ${
            flag.message.hidden ? 'line-through opacity-70' : ''
          }`}
        >
          <span className="mb-1 block text-xs text-ink-muted">
            {byPerson ? 'Written by the user' : 'Assistant reply'}
          </span>
          {flag.message.content}
        </blockquote>
        <p className="mt-2 text-xs text-ink-muted">
          <Link className="text-accent-ink hover:underline" href={adminPaths.user(flag.message.author_id)}>
            Author&apos;s account
          </Link>
        </p>
        {!flag.resolved_at && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button size="sm" loading={busy} onClick={() => run(() => adminContentApi.moderate(flag.id, 'hide'))}>
              Hide message
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={busy}
              onClick={() => run(() => adminContentApi.moderate(flag.id, 'dismiss'))}
            >
              Dismiss
            </Button>
            {byPerson && (
              <>
                <Input
                  aria-label="Note to the author"
                  placeholder="Note to the author (or reason to suspend)"
                  className="min-w-0 flex-1 sm:max-w-xs"
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy}
                  onClick={() => run(() => adminContentApi.moderate(flag.id, 'warn', note))}
                >
                  Warn
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  loading={busy}
                  onClick={() => run(() => adminContentApi.suspendAuthor(flag.id, note || flag.reason))}
                >
                  Suspend author
                </Button>
              </>
            )}
          </div>
        )}
      </Card>
    </li>
  );
}
