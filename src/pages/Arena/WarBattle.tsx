import type { ArenaEntry, ArenaWar, WarMember, WarStateEvent } from '@contracts/arena';
import { Head, Link, usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { arenaLive, arenaPaths, CATEGORY_LABELS, squadsApi } from '@/api/arena';
import { EntryThumb } from '@/components/arena';
import { AttackList, Scoreboard, WAR_STATE_LABELS } from '@/components/arena/war';
import { Alert, BackLink, Button, Card, Select } from '@/components/ui';
import { useChannel } from '@/echo';
import { notify } from '@/lib/toast';
import type { PageProps, SharedProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  war: ArenaWar;
  my_entries: ArenaEntry[];
}

function useCountdown(toIso: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const s = Math.max(0, Math.floor((new Date(toIso).getTime() - now) / 1000));
  const h = Math.floor(s / 3600);
  return `${h > 0 ? `${h}:` : ''}${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A live war: the phase and its countdown, the lineups, attacks as they are decided, the scoreboard. */
export default function WarBattle({ war: initial, my_entries }: PageProps<Props>) {
  const userId = usePage<SharedProps>().props.auth?.user?.id;
  const [war, setWar] = useState(initial);
  const { running: busy, attempt } = useAttempt();
  const [pick, setPick] = useState(my_entries[0]?.id ?? '');
  const countdown = useCountdown(war.state === 'preparation' ? war.prep_ends_at : war.battle_ends_at);
  const mySquadId = war.my_squad ? war[war.my_squad].squad.id : null;

  const refresh = () =>
    void squadsApi.war(war.id).then(
      (r) => setWar(r.war),
      () => undefined,
    );
  useChannel(arenaLive.warChannel(war.id), 'presence', {
    [arenaLive.warState]: (payload) => (war.my_squad ? refresh() : setWar((payload as WarStateEvent).war)),
  });
  useChannel(mySquadId ? arenaLive.squadChannel(mySquadId) : null, 'private', { [arenaLive.warLineup]: refresh });

  const run = async (key: string, action: () => Promise<{ message: string; war: ArenaWar }>) => {
    await attempt(
      async () => {
        const answer = await action();
        setWar(answer.war);
        notify.success(answer.message);
      },
      undefined,
      key,
    );
  };

  const me = war.members.find((m) => m.user?.id === userId);
  const canAttack = war.state === 'battle' && !!me?.entry && me.attacks_used < war.attacks_per_member;
  const attacked = new Set(
    war.attacks.filter((a) => a.attacker_entry_id === me?.entry?.id).map((a) => a.target_entry_id),
  );

  const column = (side: 'home' | 'away') => (
    <Card title={war[side].squad.name} key={side}>
      <ul className="space-y-3">
        {war.members
          .filter((m) => m.squad === side)
          .map((m: WarMember) => (
            <li key={m.user?.id ?? m.squad} className="flex items-center gap-3">
              <div className="h-12 w-16 shrink-0">
                {m.entry ? (
                  <EntryThumb entry={m.entry} className="h-12" />
                ) : (
                  <div className="grid h-12 place-items-center rounded-control bg-surface-muted text-xs text-ink-subtle">
                    {m.has_lineup ? 'hidden' : 'none'}
                  </div>
                )}
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-ink">{m.user?.name ?? 'Someone'}</p>
                <p className="text-xs text-ink-subtle">
                  {m.attacks_used}/{war.attacks_per_member} attacks · {m.stars}★ · {m.percent}%
                </p>
              </div>
              {canAttack && side !== war.my_squad && m.entry && !attacked.has(m.entry.id) && (
                <Button
                  size="sm"
                  loading={busy === m.entry.id}
                  onClick={() => void run(m.entry!.id, () => squadsApi.attack(war.id, m.entry!.id))}
                >
                  Attack
                </Button>
              )}
            </li>
          ))}
      </ul>
    </Card>
  );

  return (
    <>
      <Head title={`${war.home.squad.name} vs ${war.away.squad.name}`} />
      <BackLink href={arenaPaths.squads}>Squad battles</BackLink>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-eyebrow uppercase text-ink-subtle">{CATEGORY_LABELS[war.category]} war</p>
          <h1 className="text-headline text-ink">
            {war.home.squad.name} vs {war.away.squad.name}
          </h1>
        </div>
        <p className="text-sm text-ink-muted" data-testid="war-phase">
          {WAR_STATE_LABELS[war.state]}
          {war.state !== 'closed' && <span className="ml-2 font-mono text-ink">{countdown}</span>}
        </p>
      </div>

      <Scoreboard war={war} />

      {war.state === 'preparation' && war.my_squad && (
        <Card title="Your lineup" className="mt-4">
          {my_entries.length === 0 ? (
            <Alert variant="info">
              Enter a {CATEGORY_LABELS[war.category].toLowerCase()} entry in the lobby first.
            </Alert>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex-1">
                <Select
                  value={pick}
                  onChange={(e) => setPick(e.target.value)}
                  options={my_entries.map((e) => ({ value: e.id, label: e.title }))}
                />
              </div>
              <Button
                loading={busy === 'lineup'}
                disabled={!pick}
                onClick={() => void run('lineup', () => squadsApi.lineup(war.id, pick))}
              >
                Line up
              </Button>
            </div>
          )}
          <p className="mt-2 text-xs text-ink-subtle">
            The other squad sees your lineup only when the battle phase starts.
          </p>
        </Card>
      )}
      {war.state === 'closed' && (
        <Alert variant="success" className="mt-4">
          The war is over.{' '}
          <Link href={arenaPaths.warResults(war.id)} className="font-medium underline">
            See the results
          </Link>
        </Alert>
      )}

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">{(['home', 'away'] as const).map(column)}</div>

      <Card title="Attacks" className="mt-4">
        <AttackList war={war} />
      </Card>
    </>
  );
}
