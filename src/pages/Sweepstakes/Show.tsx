import type { MyEntryStatus, SweepstakesPublic } from '@contracts/sweepstakes';
import { Head, Link, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { sweepstakesApi, sweepstakesPaths } from '@/api/sweepstakes';
import { Countdown, formatMoney, RulesView, StateBadge } from '@/components/sweepstakes';
import { Alert, Button, ButtonLink, Card, Checkbox, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useCopyLink } from '@/hooks/useCopyLink';
import { routes } from '@/routes';
import type { PageProps } from '@/types';

interface Props {
  sweepstakes: SweepstakesPublic;
  me: MyEntryStatus | null;
  now: string;
}

/** Public landing: prizes, countdown, the free entry form, the rules, and the published draw and winners. */
export default function SweepstakesShow({ sweepstakes: s, me: initialMe, now }: PageProps<Props>) {
  const [me, setMe] = useState(initialMe);
  const counting =
    s.state === 'open'
      ? { to: s.ends_at, label: 'Entries close in' }
      : s.state === 'scheduled'
        ? { to: s.starts_at, label: 'Opens in' }
        : null;

  return (
    <>
      <Head title={s.title} />
      <section className="mb-6 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold sm:text-3xl">{s.title}</h1>
            <p className="mt-1 text-white/90">{s.summary}</p>
          </div>
          <StateBadge state={s.state} />
        </div>
        <p className="mt-4 text-lg font-semibold">
          {formatMoney(s.total_prize_value_minor, s.currency)} in prizes · no purchase necessary
        </p>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Prizes">
            <ol className="space-y-3">
              {s.rules.prizes.map((p, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-white">
                      {i + 1}. {p.name}
                    </p>
                    {p.description && <p className="text-sm text-slate-500 dark:text-slate-400">{p.description}</p>}
                  </div>
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    {formatMoney(p.retail_value_minor, s.currency)}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
          {s.winners.length > 0 && (
            <Card title="Winners">
              <ul className="space-y-1 text-sm">
                {s.winners.map((w) => (
                  <li key={w.rank} className="text-slate-800 dark:text-slate-200">
                    {w.display_name} — {w.prize}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card title="Official rules">
            <RulesView rules={s.rules} amendments={s.amendments} />
          </Card>
        </div>
        {/* On a phone the countdown and the entry form come first, before prizes and rules. */}
        <div className="order-first space-y-6 lg:order-none">
          <Card>
            {counting && <Countdown to={counting.to} serverNow={now} label={counting.label} />}
            <div className="mt-4">
              <EntryPanel s={s} me={me} onEntered={setMe} />
            </div>
          </Card>
          {s.draw.entrants_hash && (
            <Card title="Provably fair">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                The entrant list and a commitment to the secret seed were published when entries closed.
              </p>
              <p className="mt-2 break-all font-mono text-xs text-slate-500 dark:text-slate-400">
                list {s.draw.entrants_hash}
              </p>
              <p className="break-all font-mono text-xs text-slate-500 dark:text-slate-400">
                commitment {s.draw.seed_commitment}
              </p>
              <ButtonLink className="mt-3" size="sm" variant="secondary" href={sweepstakesPaths.verify(s.id)}>
                Verify the draw
              </ButtonLink>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

function EntryPanel({
  s,
  me,
  onEntered,
}: {
  s: SweepstakesPublic;
  me: MyEntryStatus | null;
  onEntered: (me: MyEntryStatus) => void;
}) {
  // Arrived through someone's share link: their code goes with the entry, and they earn the share bonus.
  const via = new URLSearchParams(usePage().url.split('?')[1] ?? '').get('via') ?? undefined;
  const form = useApiForm<
    { region: string; birth_date: string; accept_rules: boolean; via?: string },
    { message: string; me: MyEntryStatus }
  >(
    { region: 'US', birth_date: '', accept_rules: false, via },
    { successMessage: (r) => r.message, onSuccess: (r) => onEntered(r.me) },
  );
  if (me?.winner && me.winner.status === 'notified') {
    return (
      <Alert variant="success" title="You won!">
        <ButtonLink href={sweepstakesPaths.claim(s.id)} className="mt-2">
          Claim your prize
        </ButtonLink>
      </Alert>
    );
  }
  if (s.state !== 'open') return <p className="text-sm text-slate-600 dark:text-slate-400">Entries are not open.</p>;
  if (!me) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">Log in with a verified account to enter.</p>
        <ButtonLink href={routes.login} className="w-full">
          Log in to enter
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="my-entries">
        Your entries: <strong>{me.entries}</strong>
      </p>
      {me.pending_entries > 0 && (
        <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="pending-entries">
          {me.pending_entries} bonus {me.pending_entries === 1 ? 'entry' : 'entries'} pending until you enter free
        </p>
      )}
      {me.can_enter ? (
        <form onSubmit={form.handleSubmit((v) => sweepstakesApi.enter(s.id, v))} className="space-y-3">
          <TextField label="Where you live" hint="e.g. US-CA" {...form.field('region')} />
          <TextField label="Date of birth" type="date" {...form.field('birth_date')} />
          <Checkbox
            label="I accept the official rules"
            checked={form.data.accept_rules}
            onChange={(e) => form.set('accept_rules', e.target.checked)}
            error={form.errors.accept_rules}
          />
          <Button type="submit" fullWidth loading={form.processing}>
            Enter free
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{me.reason}</p>
      )}
      {me.share_code && s.rules.bonus_entries.share > 0 && <ShareLink s={s} me={me} code={me.share_code} />}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Your entrant ref: <code>{me.entrant_ref}</code>
      </p>
      <Link href={sweepstakesPaths.index} className="text-xs text-brand-600 hover:underline dark:text-brand-400">
        All sweepstakes
      </Link>
    </div>
  );
}

/** The entrant's personal share link, with what it has earned so far against the rules' cap. */
function ShareLink({ s, me, code }: { s: SweepstakesPublic; me: MyEntryStatus; code: string }) {
  const url = `${window.location.origin}${sweepstakesPaths.shareLink(s.id, code)}`;
  const { copied, copy } = useCopyLink(url, 2000);
  const { earned, cap } = me.shares;
  return (
    <div className="rounded-control border border-line p-3 text-sm" data-testid="share-link">
      <p className="font-medium text-ink">Share for bonus entries</p>
      <p className="mt-1 text-ink-muted">
        {s.rules.bonus_entries.share} bonus {s.rules.bonus_entries.share === 1 ? 'entry' : 'entries'} for each new
        person who enters free through your link ({earned} of {cap} so far).
      </p>
      <p className="mt-2 break-all font-mono text-xs text-ink-subtle">{url}</p>
      <Button className="mt-2" size="sm" variant="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy link'}
      </Button>
    </div>
  );
}
