import type { ArenaCategory, ArenaEntry, ArenaSquad, WarChallenge, WarSummary } from '@contracts/arena';
import type { Page } from '@contracts/common';
import { Head, router, usePage } from '@inertiajs/react';
import { arenaPaths, CATEGORY_LABELS, squadsApi } from '@/api/arena';
import { ChallengeList, SquadLive } from '@/components/arena/challenges';
import { WarList } from '@/components/arena/war';
import { BackLink, Button, Card, DividedList, EmptyState, Pagination, SelectField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useAttempt } from '@/hooks/useAttempt';
import { notify } from '@/lib/toast';
import type { PageProps, SharedProps } from '@/types';

interface Props {
  my_squads: ArenaSquad[];
  squads: Page<ArenaSquad>;
  my_wars: WarSummary[];
  wars: WarSummary[];
  challenges: WarChallenge[];
  categories: ArenaCategory[];
  my_entries: ArenaEntry[];
}

function Members({ squad }: { squad: ArenaSquad }) {
  return (
    <p className="text-sm text-ink-muted">
      {squad.members.map((m) => m.name).join(', ')} · {squad.members.length}/5
      {squad.team_id && ' · team squad'}
    </p>
  );
}

/** The captain's form: challenge another squad in a category, with the phase lengths. */
function ChallengeForm({
  squad,
  rivals,
  categories,
}: {
  squad: ArenaSquad;
  rivals: ArenaSquad[];
  categories: ArenaCategory[];
}) {
  const form = useApiForm(
    { opponent_id: '', category: categories[0], prep_minutes: '60', battle_minutes: '240' },
    {
      successMessage: (r: { message: string }) => r.message,
      onSuccess: () => router.reload({ only: ['challenges'] }),
    },
  );
  const submit = form.handleSubmit((v) =>
    squadsApi.challenge({
      squad_id: squad.id,
      opponent_id: v.opponent_id,
      category: v.category,
      prep_minutes: Number(v.prep_minutes),
      battle_minutes: Number(v.battle_minutes),
    }),
  );
  return (
    <form onSubmit={submit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
      <SelectField
        label="Challenge"
        placeholder="Pick a squad…"
        options={rivals.map((r) => ({ value: r.id, label: r.name }))}
        {...form.field('opponent_id')}
      />
      <SelectField
        label="Category"
        options={categories.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        {...form.field('category')}
      />
      <TextField label="Preparation (minutes)" type="number" {...form.field('prep_minutes')} />
      <TextField label="Battle phase (minutes)" type="number" {...form.field('battle_minutes')} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={form.processing}>
          Send challenge
        </Button>
      </div>
    </form>
  );
}

/** Squads and their wars: start or join a squad, and (as captain) challenge another squad. */
export default function SquadBattle({
  my_squads,
  squads,
  my_wars,
  wars,
  challenges,
  categories,
  my_entries,
}: PageProps<Props>) {
  const userId = usePage<SharedProps>().props.auth?.user?.id;
  const { running: busy, attempt } = useAttempt();
  const create = useApiForm(
    { name: '' },
    { successMessage: (r: { message: string }) => r.message, onSuccess: () => router.reload() },
  );
  const mine = new Set(my_squads.map((s) => s.id));
  const rivals = squads.data.filter((s) => !mine.has(s.id));

  /** Joins or leaves a squad, then reloads the lists. */
  const act = async (key: string, action: () => Promise<{ message: string }>, failure: string) => {
    await attempt(
      async () => {
        notify.success((await action()).message);
        router.reload();
      },
      failure,
      key,
    );
  };
  const join = (id: string) => act(`join:${id}`, () => squadsApi.join(id), 'Could not join the squad.');
  const leave = (id: string) => act(`leave:${id}`, () => squadsApi.leave(id), 'Could not leave the squad.');

  return (
    <>
      <Head title="Squad battles" />
      {my_squads.map((s) => (
        <SquadLive key={s.id} squadId={s.id} />
      ))}
      <BackLink href={arenaPaths.lobby()}>Arena lobby</BackLink>
      <h1 className="mb-1 text-headline text-ink">Squad battles</h1>
      <p className="mb-4 text-sm text-ink-muted">
        Squads of up to five creators challenge each other; once the other captain accepts, the war starts with a
        preparation phase to line up one entry each, then a battle phase where each member gets two attacks on the other
        squad&apos;s lineup. Voters decide every attack; only the best attack on each target counts.
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Card title="Your squads">
            <DividedList
              items={my_squads}
              empty={<EmptyState title="No squad yet" description="Start one below, or join a squad." />}
            >
              {(s) => (
                <li key={s.id} className="py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-ink">{s.name}</p>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={busy === `leave:${s.id}`}
                      onClick={() => void leave(s.id)}
                    >
                      Leave
                    </Button>
                  </div>
                  <Members squad={s} />
                  {s.captain?.id === userId && rivals.length > 0 && (
                    <ChallengeForm squad={s} rivals={rivals} categories={categories} />
                  )}
                </li>
              )}
            </DividedList>
            {my_entries.length === 0 && (
              <p className="mt-3 text-sm text-ink-muted">
                Enter a design or spot in the lobby to have something to line up.
              </p>
            )}
          </Card>
          <Card title="Start a squad">
            <form
              onSubmit={create.handleSubmit((v) => squadsApi.create(v))}
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
            >
              <div className="flex-1">
                <TextField label="Squad name" {...create.field('name')} />
              </div>
              <Button type="submit" loading={create.processing}>
                Create
              </Button>
            </form>
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Challenges">
            <ChallengeList challenges={challenges} mySquads={my_squads} userId={userId} />
          </Card>
          <Card title="Your wars">
            <WarList wars={my_wars} empty="Your squads have not fought yet." />
          </Card>
          <Card title="Squads">
            <ul className="divide-y divide-line">
              {squads.data.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink">{s.name}</p>
                    <Members squad={s} />
                  </div>
                  {!mine.has(s.id) && (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={busy === `join:${s.id}`}
                      onClick={() => void join(s.id)}
                    >
                      Join
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Pagination of={squads} hrefFor={(p) => `${arenaPaths.squads}?page=${p}`} />
          </Card>
          <Card title="Recent wars">
            <WarList wars={wars} empty="No wars yet." />
          </Card>
        </div>
      </div>
    </>
  );
}
