import type { ArenaBattle, BattleVotesEvent, VoteChoice } from '@contracts/arena';
import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import { arenaApi, arenaLive, arenaPaths, CATEGORY_LABELS } from '@/api/arena';
import { EntryThumb, RatingBadge } from '@/components/arena';
import { Alert, BackLink, Button, Card } from '@/components/ui';
import { useChannel } from '@/echo';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  battle: ArenaBattle;
}

const CHOICES: Array<{ choice: VoteChoice; label: string }> = [
  { choice: 'left', label: 'Left is better' },
  { choice: 'right', label: 'Right is better' },
  { choice: 'tie', label: 'Tie' },
  { choice: 'both_bad', label: 'Both bad' },
];

/** The voting page: two anonymous entries side by side, four choices, identities after the vote, live counts. */
export default function ArenaBattlePage({ battle: initial }: PageProps<Props>) {
  const [battle, setBattle] = useState(initial);
  const { running: voting, attempt } = useAttempt();

  useChannel(arenaLive.battleChannel(battle.id), 'presence', {
    [arenaLive.votes]: (payload) => {
      const e = payload as BattleVotesEvent;
      setBattle((b) => ({
        ...b,
        counts:
          b.left_is_a === null
            ? { ...b.counts, total: e.total }
            : {
                total: e.total,
                left: b.left_is_a ? e.a : e.b,
                right: b.left_is_a ? e.b : e.a,
                tie: e.tie,
                both_bad: e.both_bad,
              },
      }));
    },
  });

  const vote = async (choice: VoteChoice) => {
    await attempt(
      async () => {
        const answer = await arenaApi.vote(battle.id, choice);
        setBattle(answer.battle);
        notify.success(answer.message);
      },
      'The vote did not go through.',
      choice,
    );
  };

  const nextBattle = async () => {
    try {
      const { battle: next } = await arenaApi.next(battle.category);
      router.visit(arenaPaths.battle(next.id));
    } catch (error) {
      notify.error(errorMessage(error, 'No battle is waiting right now.'));
    }
  };

  const sides = [
    { key: 'left' as const, label: 'Left', anon: battle.left, entry: battle.revealed?.left, votes: battle.counts.left },
    {
      key: 'right' as const,
      label: 'Right',
      anon: battle.right,
      entry: battle.revealed?.right,
      votes: battle.counts.right,
    },
  ];

  return (
    <>
      <Head title="Arena battle" />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <BackLink href={arenaPaths.lobby()}>Arena lobby</BackLink>
          <h1 className="text-headline text-ink">{CATEGORY_LABELS[battle.category]} battle</h1>
        </div>
        <p className="text-sm text-ink-muted">
          <span data-testid="battle-total" className="font-semibold text-ink">
            {battle.counts.total}
          </span>{' '}
          {battle.counts.total === 1 ? 'vote' : 'votes'} · {battle.state === 'in_battle' ? 'live' : 'closed'}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {sides.map((side) => (
          <Card key={side.key} className="overflow-hidden">
            <p className="mb-2 text-eyebrow uppercase text-ink-subtle">{side.label}</p>
            <EntryThumb entry={{ image: side.entry?.image ?? side.anon.image, title: side.label }} />
            {side.entry ? (
              <div
                className="mt-3 flex flex-wrap items-center justify-between gap-2"
                data-testid={`revealed-${side.key}`}
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink">{side.entry.title}</p>
                  <p className="truncate text-sm text-ink-muted">by {side.entry.creator?.name ?? 'someone'}</p>
                </div>
                <div className="text-right">
                  <RatingBadge rating={side.entry.rating} rd={side.entry.rd} />
                  <p className="mt-1 text-xs text-ink-subtle">{side.votes} votes</p>
                </div>
              </div>
            ) : (
              <p className="mt-3 text-sm text-ink-subtle">Who made it is revealed after you vote.</p>
            )}
          </Card>
        ))}
      </div>

      <div className="mt-6">
        {battle.can_vote ? (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {CHOICES.map(({ choice, label }) => (
              <Button
                key={choice}
                variant={choice === 'left' || choice === 'right' ? 'primary' : 'secondary'}
                loading={voting === choice}
                disabled={voting !== null}
                onClick={() => void vote(choice)}
              >
                {label}
              </Button>
            ))}
          </div>
        ) : (
          <Alert variant={battle.my_vote ? 'success' : 'info'}>
            {battle.my_vote
              ? `You voted: ${CHOICES.find((c) => c.choice === battle.my_vote)?.label}.`
              : battle.cannot_vote_reason}
          </Alert>
        )}
        {battle.revealed && (
          <p className="mt-3 text-sm text-ink-muted">
            Ties: {battle.counts.tie} · Both bad: {battle.counts.both_bad}
          </p>
        )}
        <div className="mt-4">
          <Button variant="ghost" onClick={() => void nextBattle()}>
            Next battle →
          </Button>
        </div>
      </div>
    </>
  );
}
