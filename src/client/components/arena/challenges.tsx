import type { ArenaSquad, WarChallenge } from '@contracts/arena';
import { router } from '@inertiajs/react';
import { useState } from 'react';
import { arenaLive, arenaPaths, CATEGORY_LABELS, squadsApi } from '@/api/arena';
import { Button, ButtonLink, EmptyState } from '@/components/ui';
import { useChannel } from '@/echo';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

const STATE_LABELS: Record<WarChallenge['state'], string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** Follows one of your squads' private channel: challenges made, answered or expired reload the page's lists. */
export function SquadLive({ squadId }: { squadId: string }) {
  useChannel(arenaLive.squadChannel(squadId), 'private', {
    [arenaLive.warChallenge]: () => router.reload({ only: ['challenges', 'my_wars', 'wars'] }),
  });
  return null;
}

/** Your squads' challenges, made and received; the challenged captain accepts or declines a pending one. */
export function ChallengeList({
  challenges,
  mySquads,
  userId,
}: {
  challenges: WarChallenge[];
  mySquads: ArenaSquad[];
  userId: string | undefined;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const captainOf = new Set(mySquads.filter((s) => s.captain?.id === userId).map((s) => s.id));

  const answer = async (c: WarChallenge, accept: boolean) => {
    setBusy(c.id);
    try {
      if (accept) {
        const r = await squadsApi.accept(c.id);
        notify.success(r.message);
        router.visit(arenaPaths.war(r.war.id));
      } else {
        notify.success((await squadsApi.decline(c.id)).message);
        router.reload({ only: ['challenges'] });
      }
    } catch (error) {
      notify.error(errorMessage(error, 'Could not answer the challenge.'));
      router.reload({ only: ['challenges'] });
    } finally {
      setBusy(null);
    }
  };

  if (challenges.length === 0)
    return <EmptyState title="No challenges" description="Captains challenge other squads from Your squads." />;
  return (
    <ul className="divide-y divide-line">
      {challenges.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-ink">
              {c.challenger.name} → {c.opponent.name}
            </p>
            <p className="text-sm text-ink-muted">
              {CATEGORY_LABELS[c.category]} · {STATE_LABELS[c.state]}
              {c.state === 'pending' && ` until ${new Date(c.expires_at).toLocaleString()}`}
            </p>
          </div>
          {c.state === 'pending' && captainOf.has(c.opponent.id) && (
            <div className="flex gap-2">
              <Button size="sm" loading={busy === c.id} onClick={() => void answer(c, true)}>
                Accept
              </Button>
              <Button size="sm" variant="secondary" disabled={busy === c.id} onClick={() => void answer(c, false)}>
                Decline
              </Button>
            </div>
          )}
          {c.state === 'accepted' && c.war_id && (
            <ButtonLink size="sm" variant="secondary" href={arenaPaths.war(c.war_id)}>
              Open war
            </ButtonLink>
          )}
        </li>
      ))}
    </ul>
  );
}
