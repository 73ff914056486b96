import type { ArenaWar } from '@contracts/arena';
import { Head } from '@inertiajs/react';
import { arenaPaths, CATEGORY_LABELS } from '@/api/arena';
import { AttackList, Scoreboard } from '@/components/arena/war';
import { BarChart } from '@/components/charts';
import { Alert, BackLink, Card } from '@/components/ui';
import type { PageProps } from '@/types';

interface Props {
  war: ArenaWar;
}

/** A war's final scoreboard: squads' stars, each member's counted stars and destruction, and every attack. */
export default function WarBattleResults({ war }: PageProps<Props>) {
  const members = [...war.members].sort((a, b) => b.stars - a.stars || b.percent - a.percent);
  return (
    <>
      <Head title={`Results: ${war.home.squad.name} vs ${war.away.squad.name}`} />
      <BackLink href={arenaPaths.war(war.id)}>The war</BackLink>
      <p className="mt-2 text-eyebrow uppercase text-ink-subtle">{CATEGORY_LABELS[war.category]} war results</p>
      <h1 className="mb-4 text-headline text-ink">
        {war.home.squad.name} vs {war.away.squad.name}
      </h1>
      {war.state !== 'closed' && (
        <Alert variant="info" className="mb-4">
          The war is not over yet: these figures are provisional until{' '}
          {new Date(war.battle_ends_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.
        </Alert>
      )}
      <Scoreboard war={war} />
      {war.state === 'closed' && (
        <p className="mt-2 text-center text-sm text-ink-muted" data-testid="war-winner">
          {war.winner === 'draw' ? 'A draw.' : `${war[war.winner ?? 'home'].squad.name} won.`} Results are final and
          replay exactly from the stored votes.
        </p>
      )}
      <Card title="Members" className="mt-4">
        {members.length > 0 && (
          <BarChart
            points={members.map((m, i) => ({ label: m.user?.name ?? `Member ${i + 1}`, value: m.stars }))}
            label="counted stars per member"
          />
        )}
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-ink-subtle">
              <tr>
                <th className="py-2 pr-2">Member</th>
                <th className="hidden py-2 pr-2 sm:table-cell">Squad</th>
                <th className="py-2 pr-2 text-right">Attacks</th>
                <th className="py-2 pr-2 text-right">Stars</th>
                <th className="py-2 text-right">%</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {members.map((m) => (
                <tr key={m.user?.id ?? m.squad}>
                  <td className="py-2 pr-2 text-ink">{m.user?.name ?? 'Someone'}</td>
                  <td className="hidden py-2 pr-2 text-ink-muted sm:table-cell">{war[m.squad].squad.name}</td>
                  <td className="py-2 pr-2 text-right text-ink-muted">
                    {m.attacks_used}/{war.attacks_per_member}
                  </td>
                  <td className="py-2 pr-2 text-right font-semibold text-ink">{m.stars}★</td>
                  <td className="py-2 text-right text-ink-muted">{m.percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title="History" description="Only the best attack on each target counts." className="mt-4">
        <AttackList war={war} />
      </Card>
    </>
  );
}
