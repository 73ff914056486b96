import type {
  AdminEntryPage,
  AdminWinner,
  EntryCountEvent,
  EntrySource,
  SweepstakesAdmin,
} from '@contracts/sweepstakes';
import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import { sweepstakesAdminApi, sweepstakesFiles, sweepstakesLive, sweepstakesPaths } from '@/api/sweepstakes';
import { formatDateTime, formatMoney, RulesView, StateBadge } from '@/components/sweepstakes';
import { Button, ButtonLink, Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import { useChannel } from '@/echo';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';

interface Props {
  sweepstakes: SweepstakesAdmin;
  entries: AdminEntryPage;
}

type Action = 'schedule' | 'open' | 'close' | 'void';

const ACTIONS: Record<Action, { label: string; confirm?: string; when: SweepstakesAdmin['state'][] }> = {
  schedule: { label: 'Schedule', when: ['draft'] },
  open: { label: 'Open now', confirm: 'Open now? The rules lock and entries start.', when: ['draft', 'scheduled'] },
  close: { label: 'Close now', confirm: 'Close now? The entrant list freezes.', when: ['open'] },
  void: {
    label: 'Cancel',
    confirm: 'Cancel this sweepstakes for good?',
    when: ['draft', 'scheduled', 'open', 'closed'],
  },
};

/** Admin Show: live entry count, sources, entries, winners and alternates, audit trail. */
export default function AdminSweepstakesShow({ sweepstakes: s, entries }: PageProps<Props>) {
  const [counts, setCounts] = useState({
    entry_count: s.draw.entry_count || s.entry_count,
    entrant_count: s.draw.entrant_count,
  });
  const [busy, setBusy] = useState<string | null>(null);
  useChannel(
    sweepstakesLive.adminChannel(s.id),
    'private',
    {
      [sweepstakesLive.entryCount]: (e: EntryCountEvent) =>
        setCounts({ entry_count: e.entry_count, entrant_count: e.entrant_count }),
      [sweepstakesLive.drawProgress]: () => router.reload({ only: ['sweepstakes'] }),
    },
    () => router.reload({ only: ['sweepstakes'] }),
  );

  const run = async (key: string, call: () => Promise<{ message: string }>, confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(key);
    await actThenReload(call);
    setBusy(null);
  };

  return (
    <>
      <Head title={s.title} />
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-2xl font-semibold text-slate-900 dark:text-white">{s.title}</h1>
            <StateBadge state={s.state} />
          </div>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {formatDateTime(s.starts_at)} → {formatDateTime(s.ends_at)} ·{' '}
            {formatMoney(s.total_prize_value_minor, s.currency)} in prizes
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {(Object.keys(ACTIONS) as Action[])
            .filter((a) => ACTIONS[a].when.includes(s.state))
            .map((a) => (
              <Button
                key={a}
                size="sm"
                variant={a === 'void' ? 'danger' : 'secondary'}
                loading={busy === a}
                onClick={() => run(a, () => sweepstakesAdminApi[a](s.id), ACTIONS[a].confirm)}
              >
                {ACTIONS[a].label}
              </Button>
            ))}
          <ButtonLink size="sm" variant="secondary" href={sweepstakesPaths.admin.edit(s.id)}>
            {s.state === 'draft' || s.state === 'scheduled' ? 'Edit' : 'Amend'}
          </ButtonLink>
          {['closed', 'drawing', 'drawn'].includes(s.state) && (
            <ButtonLink size="sm" href={sweepstakesPaths.admin.draw(s.id)}>
              Draw
            </ButtonLink>
          )}
        </div>
      </div>

      {s.registration_required && !s.registration && (
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
          Opening is blocked until the registration date is recorded (Edit).
        </p>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Entries" description="Live">
          <p
            className="text-4xl font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid="live-entry-count"
          >
            {counts.entry_count.toLocaleString()}
          </p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            from {counts.entrant_count.toLocaleString()} people
          </p>
          <SourceChart sources={s.entry_sources} />
        </Card>
        <Card
          title="Winners and alternates"
          className="lg:col-span-2"
          actions={
            s.admin_winners.length > 0 && (
              <a
                className="text-sm text-brand-600 hover:underline dark:text-brand-400"
                href={sweepstakesFiles.winnersCsv(s.id)}
              >
                Export CSV
              </a>
            )
          }
        >
          <DividedList
            items={s.admin_winners}
            empty={<p className="text-sm text-slate-500 dark:text-slate-400">Nobody has been drawn yet.</p>}
          >
            {(w) => <WinnerRow key={w.id} s={s} w={w} busy={busy} run={run} />}
          </DividedList>
        </Card>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Entries log" padded={false}>
          <DividedList items={entries.data} empty={<EmptyState inset title="No entries yet" />} className="text-sm">
            {(e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 px-5 py-2">
                <span className="min-w-0 truncate text-slate-800 dark:text-slate-200">{e.user.name}</span>
                <span className="text-slate-500 dark:text-slate-400">
                  {e.source} ×{e.entries} · {formatDateTime(e.created_at)}
                  {!e.counted && (
                    <span className="ml-2 text-amber-700 dark:text-amber-300">pending until they enter free</span>
                  )}
                </span>
              </li>
            )}
          </DividedList>
          <div className="p-3">
            <Pagination of={entries} hrefFor={(p) => sweepstakesPaths.admin.show(s.id, p)} />
          </div>
        </Card>
        <Card title="Audit trail">
          <ol className="space-y-2 text-sm">
            {s.audit.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-slate-800 dark:text-slate-200">{a.action.replace(/_/g, ' ')}</span>
                <span className="text-slate-500 dark:text-slate-400">
                  {a.actor ?? 'system'} · {formatDateTime(a.at)}
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <Card title="Official rules" className="mt-6">
        <RulesView rules={s.rules} amendments={s.amendments} />
      </Card>
    </>
  );
}

function WinnerRow(props: {
  s: SweepstakesAdmin;
  w: AdminWinner;
  busy: string | null;
  run: (key: string, call: () => Promise<{ message: string }>, confirmText?: string) => Promise<void>;
}) {
  const { s, w, busy, run } = props;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">
          #{w.rank} {w.user.name} <span className="text-slate-500 dark:text-slate-400">({w.entrant_ref})</span>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {w.prize ?? 'Alternate'}
          {w.claim_deadline && w.status === 'notified' && ` · claim by ${formatDateTime(w.claim_deadline)}`}
          {w.disqualify_reason && ` · ${w.disqualify_reason}`}
          {w.tracking && ` · tracking ${w.tracking}`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <StateBadge state={w.status} />
        {(w.status === 'notified' || w.status === 'standby') && (
          <Button
            size="sm"
            variant="ghost"
            loading={busy === `dq-${w.id}`}
            onClick={() =>
              run(
                `dq-${w.id}`,
                () => sweepstakesAdminApi.disqualify(s.id, w.id, 'INELIGIBLE'),
                `Disqualify ${w.user.name}? The next alternate steps in.`,
              )
            }
          >
            Disqualify
          </Button>
        )}
        {w.status === 'claimed' && (
          <Button
            size="sm"
            variant="secondary"
            loading={busy === `ff-${w.id}`}
            onClick={() => {
              const tracking = window.prompt('Tracking number');
              if (tracking) void run(`ff-${w.id}`, () => sweepstakesAdminApi.fulfil(s.id, w.id, tracking));
            }}
          >
            Mark fulfilled
          </Button>
        )}
      </div>
    </li>
  );
}

/** Entries by source as horizontal bars (SVG), so the mix compares at a glance. */
function SourceChart({ sources }: { sources: Record<EntrySource, number> }) {
  const rows = Object.entries(sources) as Array<[EntrySource, number]>;
  const max = Math.max(1, ...rows.map(([, n]) => n));
  return (
    <svg viewBox="0 0 240 100" className="mt-4 w-full" role="img" aria-label="Entries by source">
      {rows.map(([source, n], i) => (
        <g key={source} transform={`translate(0 ${i * 25})`}>
          <text x="0" y="14" className="fill-slate-600 text-[11px] dark:fill-slate-300">
            {source}
          </text>
          <rect x="64" y="4" height="14" rx="3" width={(n / max) * 140} className="fill-brand-500" />
          <text x={70 + (n / max) * 140} y="15" className="fill-slate-700 text-[11px] dark:fill-slate-200">
            {n}
          </text>
        </g>
      ))}
    </svg>
  );
}
