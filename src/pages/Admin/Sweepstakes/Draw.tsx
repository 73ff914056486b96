import type { DrawProgressEvent, SweepstakesAdmin } from '@contracts/sweepstakes';
import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { sweepstakesAdminApi, sweepstakesFiles, sweepstakesLive, sweepstakesPaths } from '@/api/sweepstakes';
import { DrawSteps, laterDrawProgress, laterState, StateBadge } from '@/components/sweepstakes';
import { BackLink, Button, Card, TextField } from '@/components/ui';
import { useChannel } from '@/echo';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

/** After each (re)subscription, the draw as the server has it: steps pushed while no socket listened are not lost. */
const reloadSweepstakes = () => router.reload({ only: ['sweepstakes'] });

/** Admin Draw: the committed inputs, the optional public beacon, the start button and the job's live steps. */
export default function AdminSweepstakesDraw({ sweepstakes: s }: PageProps<{ sweepstakes: SweepstakesAdmin }>) {
  const [live, setLive] = useState<DrawProgressEvent | null>(null);
  const form = useApiForm({ beacon: '' }, { successMessage: 'The draw has started' });
  useChannel(
    sweepstakesLive.adminChannel(s.id),
    'private',
    {
      [sweepstakesLive.drawProgress]: (e: DrawProgressEvent) => {
        setLive((current) => laterDrawProgress(current, e));
        if (e.state === 'drawn') router.reload({ only: ['sweepstakes'] });
      },
    },
    reloadSweepstakes,
  );
  // Live reports and the page's own props can arrive in either order; the one further along is shown.
  const state = laterState(s.state, live?.state);
  const steps = live && state === live.state ? live.steps : s.draw_steps;

  return (
    <>
      <Head title={`Draw · ${s.title}`} />
      <div className="mb-6">
        <BackLink href={sweepstakesPaths.admin.show(s.id)}>{s.title}</BackLink>
        <div className="mt-1 flex items-center gap-2">
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Draw</h1>
          <StateBadge state={state} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Committed inputs" description="Published on the public page when entries closed.">
          <dl className="space-y-3 text-sm">
            <Field term="Entrant list SHA-256" value={s.draw.entrants_hash} />
            <Field term="Seed commitment (SHA-256 of the secret seed)" value={s.draw.seed_commitment} />
            <Field term="People / entries" value={`${s.draw.entrant_count} / ${s.draw.entry_count}`} />
            <Field term="Picks (winners + alternates)" value={String(s.draw.picks_requested)} />
            {s.draw.seed && <Field term="Revealed seed" value={s.draw.seed} />}
            {s.draw.beacon && <Field term="Beacon" value={s.draw.beacon} />}
          </dl>
          {s.draw.entrants_hash && (
            <a
              className="mt-3 inline-block text-sm text-brand-600 hover:underline dark:text-brand-400"
              href={sweepstakesFiles.entrants(s.id)}
            >
              Download the entrant list
            </a>
          )}
        </Card>
        <Card title="Run the draw">
          {state === 'closed' ? (
            <form
              onSubmit={form.handleSubmit(async (v) => {
                const res = await sweepstakesAdminApi.draw(s.id, v.beacon);
                const started = {
                  sweepstakes_id: s.id,
                  state: laterState('drawing', res.sweepstakes.state),
                  steps: res.sweepstakes.draw_steps,
                };
                setLive((current) => laterDrawProgress(current, started));
                return res;
              })}
              className="space-y-4"
            >
              <TextField
                label="Public beacon (optional)"
                hint="A value nobody knew when entries closed, e.g. a drand round's randomness."
                {...form.field('beacon')}
              />
              <Button type="submit" loading={form.processing}>
                Start the draw
              </Button>
            </form>
          ) : (
            <DrawSteps steps={steps} />
          )}
          {state === 'drawn' && (
            <div className="mt-4 space-y-2 text-sm">
              <ol className="list-inside list-decimal">
                {s.admin_winners.map((w) => (
                  <li key={w.id} className="text-slate-800 dark:text-slate-200">
                    {w.user.name} — {w.prize ?? 'alternate'} ({w.status})
                  </li>
                ))}
              </ol>
              <Link href={sweepstakesPaths.verify(s.id)} className="text-brand-600 hover:underline dark:text-brand-400">
                Public verification page →
              </Link>
            </div>
          )}
        </Card>
        {s.draw.frozen_at && <ExclusionsCard s={s} />}
      </div>
    </>
  );
}

/** Who the freeze left out of the list and why: the admin sees it before starting the draw. */
function ExclusionsCard({ s }: { s: SweepstakesAdmin }) {
  return (
    <Card
      title="Excluded before the draw"
      description="Eligibility was checked again when the list was frozen; these people are not in it and cannot be picked."
      className="lg:col-span-2"
    >
      {s.exclusions.length === 0 ? (
        <p className="text-sm text-ink-muted">Nobody: every person with entries was eligible.</p>
      ) : (
        <ul className="divide-y divide-line text-sm" data-testid="exclusions">
          {s.exclusions.map((x) => (
            <li key={x.user.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="min-w-0 break-words text-ink">
                {x.user.name} <span className="text-ink-subtle">{x.user.email}</span>
              </span>
              <span className="text-ink-muted">
                {x.label} · {x.entries} {x.entries === 1 ? 'entry' : 'entries'} not counted
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Field({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">{value ?? '—'}</dd>
    </div>
  );
}
