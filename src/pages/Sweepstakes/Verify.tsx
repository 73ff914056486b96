import type { SweepstakesPublic } from '@contracts/sweepstakes';
import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { DRAW_ALGORITHM, sweepstakesApi, sweepstakesFiles, sweepstakesPaths, verifyDraw } from '@/api/sweepstakes';
import { DrawAlgorithm } from '@/components/sweepstakes';
import { Alert, BackLink, Button, Card } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import type { PageProps } from '@/types';

type Outcome = { ok: boolean; hashMatches: boolean; commitmentMatches: boolean; picksMatch: boolean; refs: string[] };

/** Public verification: recomputes the draw in the browser from the published inputs, with the same code the server ran. */
export default function SweepstakesVerify({ sweepstakes: s }: PageProps<{ sweepstakes: SweepstakesPublic }>) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const d = s.draw;

  const verify = async () => {
    setRunning(true);
    setError(null);
    try {
      const text = await sweepstakesApi.entrantList(s.id);
      const report = verifyDraw({
        entrantListText: text,
        entrantsHash: d.entrants_hash!,
        seedHex: d.seed!,
        commitment: d.seed_commitment!,
        beacon: d.beacon,
        picks: d.picks_requested,
      });
      const refs = report.picks.map((p) => p.ref);
      const picksMatch = refs.join() === d.picks.map((p) => p.ref).join();
      setOutcome({
        ok: report.hashMatches && report.commitmentMatches && picksMatch,
        hashMatches: report.hashMatches,
        commitmentMatches: report.commitmentMatches,
        picksMatch,
        refs,
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Head title={`Verify · ${s.title}`} />
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <BackLink href={sweepstakesPaths.show(s.id)}>{s.title}</BackLink>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">Verify the draw</h1>
        </div>
        <Card title="Published inputs" description={`Algorithm ${DRAW_ALGORITHM}, stated exactly below.`}>
          <dl className="space-y-2 text-sm">
            {[
              ['Entrant list SHA-256', d.entrants_hash],
              ['Seed commitment', d.seed_commitment],
              ['Revealed seed', d.seed ?? 'revealed after the draw'],
              ['Beacon', d.beacon ?? '(none)'],
              ['Picks requested', String(d.picks_requested)],
              ['Left out of the list', d.excluded_summary],
            ].map(([term, value]) => (
              <div key={term}>
                <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
                <dd className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">{value ?? '—'}</dd>
              </div>
            ))}
          </dl>
          {d.entrants_hash && (
            <a
              href={sweepstakesFiles.entrants(s.id)}
              className="mt-3 inline-block text-sm text-brand-600 hover:underline dark:text-brand-400"
            >
              Download the entrant list
            </a>
          )}
        </Card>
        <Card title={`The algorithm, ${DRAW_ALGORITHM}`}>
          <DrawAlgorithm />
        </Card>
        <Card title="Published picks" description="Winners first, then the ordered alternates.">
          {d.picks.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">The draw has not run yet.</p>
          ) : (
            <ol className="space-y-1 font-mono text-xs">
              {d.picks.map((p) => (
                <li key={p.rank} className="text-slate-700 dark:text-slate-300">
                  #{p.rank} {p.ref} ({p.entries} entries)
                  {p.disqualified && (
                    <span className="text-red-600 dark:text-red-400"> disqualified: {p.disqualified}</span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </Card>
        {d.seed && (
          <Card title="Recompute in your browser">
            <Button onClick={verify} loading={running}>
              Verify now
            </Button>
            {error && <p className="mt-3 text-sm text-red-600 dark:text-red-400">{error}</p>}
            {outcome && (
              <div className="mt-4" data-testid="verify-outcome">
                <Alert
                  variant={outcome.ok ? 'success' : 'error'}
                  title={outcome.ok ? 'Verified: the published winners are exactly what the inputs give.' : 'Mismatch'}
                >
                  <ul className="text-sm">
                    <li>List hash matches: {outcome.hashMatches ? 'yes' : 'no'}</li>
                    <li>Seed matches its commitment: {outcome.commitmentMatches ? 'yes' : 'no'}</li>
                    <li>Same ordered picks: {outcome.picksMatch ? 'yes' : 'no'}</li>
                  </ul>
                </Alert>
              </div>
            )}
            <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
              Offline:{' '}
              <code>
                node scripts/verify-sweepstakes-draw.js entrants.txt --seed … --commitment … --hash … --picks{' '}
                {d.picks_requested}
              </code>
            </p>
          </Card>
        )}
      </div>
    </>
  );
}
