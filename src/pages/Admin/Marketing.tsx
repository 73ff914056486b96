import { Head, router } from '@inertiajs/react';
import type { AdminMarketingProps, BroadcastJson, BroadcastProgressEvent } from '@contracts/admin-content';
import { adminContentApi, adminLive, adminPaths } from '@/api/admin';
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  Pagination,
  ProgressBar,
  Select,
  TextAreaField,
  TextField,
} from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useLiveRows } from '@/hooks/useLiveRows';
import type { PageProps } from '@/types';

/** Admin Marketing: announcements (banner or toast, scheduled, by audience) and broadcasts with live progress. */
export default function AdminMarketing({ all_announcements, broadcasts, audiences }: PageProps<AdminMarketingProps>) {
  const current = useLiveRows(
    adminLive.metricsChannel,
    'private',
    adminLive.broadcastProgress,
    (e: BroadcastProgressEvent) => e.broadcast,
  );
  const audienceOptions = audiences.map((a) => ({ value: a, label: a === 'all' ? 'Everyone' : a.replace('_', ' ') }));
  const reload = () => router.reload({ only: ['all_announcements', 'broadcasts'] });
  const announce = useApiForm(
    { title: '', body: '', url: '', style: 'banner', audience: 'all', starts_at: '', ends_at: '' },
    { successMessage: 'Announcement scheduled', onSuccess: reload },
  );
  const send = useApiForm(
    { title: '', body: '', url: '', audience: 'all', email: false },
    { successMessage: 'Broadcast queued', onSuccess: reload },
  );
  const when = (v: string) => (v ? new Date(v).toISOString() : undefined);
  return (
    <>
      <Head title="Marketing" />
      <div className="space-y-6">
        <h1 className="text-headline text-ink">Marketing</h1>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card title="New announcement">
            <form
              className="space-y-3"
              onSubmit={announce.handleSubmit((v) =>
                adminContentApi.announce({
                  ...v,
                  url: v.url || undefined,
                  starts_at: when(v.starts_at),
                  ends_at: when(v.ends_at),
                }),
              )}
            >
              <TextField label="Title" {...announce.field('title')} />
              <TextAreaField label="Text" {...announce.field('body')} />
              <TextField label="Link" hint="A path on this site, e.g. /market" {...announce.field('url')} />
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <Select
                  aria-label="Style"
                  value={announce.data.style}
                  onChange={(e) => announce.set('style', e.target.value)}
                  options={[
                    { value: 'banner', label: 'Banner' },
                    { value: 'toast', label: 'Toast' },
                  ]}
                />
                <Select
                  aria-label="Audience"
                  value={announce.data.audience}
                  onChange={(e) => announce.set('audience', e.target.value)}
                  options={audienceOptions}
                />
                <TextField label="Starts" type="datetime-local" {...announce.field('starts_at')} />
                <TextField label="Ends" type="datetime-local" {...announce.field('ends_at')} />
              </div>
              <Button type="submit" loading={announce.processing}>
                Schedule
              </Button>
            </form>
          </Card>
          <Card
            title="New broadcast"
            description="A notification to every active user of the audience; optionally an email to those who opted in to product news."
          >
            <form
              className="space-y-3"
              onSubmit={send.handleSubmit((v) => adminContentApi.broadcast({ ...v, url: v.url || undefined }))}
            >
              <TextField label="Title" {...send.field('title')} />
              <TextAreaField label="Text" {...send.field('body')} />
              <TextField label="Link" hint="A path on this site" {...send.field('url')} />
              <Select
                aria-label="Broadcast audience"
                value={send.data.audience}
                onChange={(e) => send.set('audience', e.target.value)}
                options={audienceOptions}
              />
              <Checkbox
                label="Also send by email"
                hint="Only to people opted in to product news; unsubscribed and bounced addresses are skipped."
                checked={send.data.email}
                onChange={(e) => send.set('email', e.target.checked)}
              />
              <Button type="submit" loading={send.processing}>
                Send
              </Button>
            </form>
          </Card>
        </div>
        <Card title="Broadcasts" padded={false}>
          {broadcasts.data.length === 0 ? (
            <EmptyState title="No broadcasts yet" />
          ) : (
            <ul className="divide-y divide-line">
              {broadcasts.data.map((b) => (
                <BroadcastRow key={b.id} b={current(b)} />
              ))}
            </ul>
          )}
        </Card>
        <Card title="Announcements" padded={false}>
          {all_announcements.data.length === 0 ? (
            <EmptyState title="No announcements yet" />
          ) : (
            <ul className="divide-y divide-line">
              {all_announcements.data.map((a) => {
                const ended = a.ends_at !== null && new Date(a.ends_at) <= new Date();
                return (
                  <li key={a.id} className="flex flex-wrap items-center gap-3 p-3">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-ink">{a.title}</p>
                      <p className="text-xs text-ink-muted">
                        {a.style} · {a.audience} · from {new Date(a.starts_at).toLocaleString()}
                        {a.ends_at ? ` to ${new Date(a.ends_at).toLocaleString()}` : ''}
                      </p>
                    </div>
                    {!ended && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => void adminContentApi.endAnnouncement(a.id).then(reload)}
                      >
                        End now
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        <Pagination
          currentPage={Math.max(all_announcements.current_page, broadcasts.current_page)}
          lastPage={Math.max(all_announcements.last_page, broadcasts.last_page)}
          hrefFor={(p) => `${adminPaths.marketing}?page=${p}`}
        />
      </div>
    </>
  );
}

function BroadcastRow({ b }: { b: BroadcastJson }) {
  const pct = b.total ? Math.round((b.sent / b.total) * 100) : b.status === 'done' ? 100 : 0;
  return (
    <li className="space-y-1 p-3">
      <div className="flex flex-wrap justify-between gap-2">
        <p className="font-medium text-ink">{b.title}</p>
        <p className="text-xs text-ink-muted">
          {b.audience} · {b.status} · {b.sent}/{b.total}
          {b.email && ` · emailed ${b.emailed}, suppressed ${b.suppressed}`}
        </p>
      </div>
      <ProgressBar value={pct} label={`${b.title} progress`} />
    </li>
  );
}
