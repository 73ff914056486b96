import type { ArenaEntry, ArenaTicket, TicketStateEvent } from '@contracts/arena';
import { Head, usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { arenaApi, arenaLive, arenaPaths, CATEGORY_LABELS } from '@/api/arena';
import { EntryThumb, RatingBadge } from '@/components/arena';
import { YourEntries } from '@/components/arena/EntryRow';
import { BackLink, Button, ButtonLink, Card, DividedList, EmptyState } from '@/components/ui';
import { useChannel } from '@/echo';
import { notify } from '@/lib/toast';
import type { PageProps, SharedProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  entries: ArenaEntry[];
  tickets: ArenaTicket[];
}

const STATE_LABELS: Record<ArenaTicket['state'], string> = {
  queued: 'Looking for an opponent',
  matched: 'Matched',
  in_battle: 'In battle',
  completed: 'Completed',
  abandoned: 'Left the queue',
  timeout: 'Nobody fitting came in time',
};

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function elapsed(fromIso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Queue for live rounds: pick an entry, watch your place and waiting time; a match opens the battle. */
export default function ArenaQueue({ entries, tickets: initial }: PageProps<Props>) {
  const userId = usePage<SharedProps>().props.auth?.user?.id;
  const [tickets, setTickets] = useState(initial);
  const { running: busy, attempt } = useAttempt();
  const now = useNow();

  const upsert = (ticket: ArenaTicket) =>
    setTickets((list) =>
      [ticket, ...list.filter((t) => t.id !== ticket.id)].sort((a, b) => b.queued_at.localeCompare(a.queued_at)),
    );

  useChannel(userId ? arenaLive.userChannel(userId) : null, 'private', {
    [arenaLive.ticketState]: (payload) => upsert((payload as TicketStateEvent).ticket),
  });

  const run = async (key: string, action: () => Promise<{ message: string; ticket: ArenaTicket }>) => {
    await attempt(
      async () => {
        const answer = await action();
        upsert(answer.ticket);
        notify.success(answer.message);
      },
      undefined,
      key,
    );
  };

  const live = new Set(
    tickets.filter((t) => ['queued', 'matched', 'in_battle'].includes(t.state)).map((t) => t.entry.id),
  );

  return (
    <>
      <Head title="Arena queue" />
      <div className="mb-4">
        <BackLink href={arenaPaths.lobby()}>Arena lobby</BackLink>
        <h1 className="text-headline text-ink">Queue for a live round</h1>
        <p className="text-sm text-ink-muted">
          We pair you with another creator within 100 rating points, widening by 50 every 30 seconds.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Your tickets">
          <DividedList
            items={tickets}
            empty={<EmptyState title="Not queued" description="Queue one of your entries to start." />}
          >
            {(t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="ticket">
                <div className="w-16 shrink-0">
                  <EntryThumb entry={t.entry} />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{t.entry.title}</p>
                  <p className="text-sm text-ink-muted">{STATE_LABELS[t.state]}</p>
                  {t.state === 'queued' && (
                    <p className="text-xs text-ink-subtle">
                      #{t.position} in {CATEGORY_LABELS[t.category]} · waiting {elapsed(t.queued_at, now)} · ±{t.window}
                    </p>
                  )}
                </div>
                {t.state === 'queued' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={busy === t.id}
                    onClick={() => void run(t.id, () => arenaApi.leave(t.id))}
                  >
                    Leave
                  </Button>
                )}
                {t.battle_id && (t.state === 'in_battle' || t.state === 'completed') && (
                  <ButtonLink size="sm" href={arenaPaths.battle(t.battle_id)}>
                    Watch
                  </ButtonLink>
                )}
              </li>
            )}
          </DividedList>
        </Card>
        <YourEntries
          entries={entries}
          empty={{ title: 'No entries yet', description: 'Enter a design or spot from the lobby first.' }}
          detail={(e) => <RatingBadge rating={e.rating} rd={e.rd} />}
          end={(e) => (
            <Button
              size="sm"
              disabled={live.has(e.id)}
              loading={busy === e.id}
              onClick={() => void run(e.id, () => arenaApi.join(e.id))}
            >
              {live.has(e.id) ? 'Queued' : 'Queue'}
            </Button>
          )}
        />
      </div>
    </>
  );
}
