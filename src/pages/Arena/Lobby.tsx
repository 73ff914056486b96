import type { ArenaBattle, ArenaCategory, ArenaEntry, ArenaSeason, EntryKind, LeaderboardRow } from '@contracts/arena';
import type { Page } from '@contracts/common';
import { Head, Link, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { arenaApi, arenaPaths, CATEGORY_LABELS } from '@/api/arena';
import { CategoryName, EntryThumb, Leaderboard, RatingBadge } from '@/components/arena';
import { YourEntries } from '@/components/arena/EntryRow';
import {
  Button,
  ButtonLink,
  Card,
  FilterLink,
  FormField,
  Pagination,
  Select,
  SelectField,
  TextField,
} from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps, SharedProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  season: ArenaSeason;
  categories: ArenaCategory[];
  category: ArenaCategory | null;
  my_entries: ArenaEntry[];
  live_battles: ArenaBattle[];
  board: Page<LeaderboardRow>;
}

const DESIGN_KINDS: ArenaCategory[] = ['living_rooms', 'kitchens', 'bedrooms', 'bathrooms', 'exteriors'];

/** The arena's front door: vote now, live battles, enter your work, your entries and the season leaderboard. */
export default function ArenaLobby({
  season,
  categories,
  category,
  my_entries,
  live_battles,
  board,
}: PageProps<Props>) {
  const signedIn = !!usePage<SharedProps>().props.auth?.user;
  const [entries, setEntries] = useState(my_entries);
  const { busy: finding, attempt } = useAttempt();

  const voteNow = async () => {
    await attempt(async () => {
      const { battle } = await arenaApi.next(category);
      router.visit(arenaPaths.battle(battle.id));
    }, 'No battle is waiting right now.');
  };

  return (
    <>
      <Head title="Arena" />
      <section className="mb-6 rounded-card bg-surface p-5 shadow-card">
        <p className="text-eyebrow uppercase text-ink-subtle">{season.name}</p>
        <h1 className="text-display text-ink">Arena</h1>
        <p className="mt-1 max-w-2xl text-ink-muted">
          Two designs or spots, no names. Pick the better one, then see who made them. Every entry is public and every
          vote counts toward live ratings.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          {signedIn ? (
            <Button onClick={() => void voteNow()} loading={finding}>
              Vote now
            </Button>
          ) : (
            <ButtonLink href="/login">Sign in to vote</ButtonLink>
          )}
          <ButtonLink variant="secondary" href={arenaPaths.queue}>
            Queue for a live round
          </ButtonLink>
          <ButtonLink variant="ghost" href={arenaPaths.seasons}>
            Seasons
          </ButtonLink>
          <ButtonLink variant="ghost" href={arenaPaths.squads}>
            Squads and wars
          </ButtonLink>
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Live battles">
            {live_battles.length === 0 ? (
              <p className="text-sm text-ink-muted">No battle is live right now.</p>
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {live_battles.map((b) => (
                  <li key={b.id}>
                    <Link
                      href={arenaPaths.battle(b.id)}
                      className="block rounded-control border border-line p-2 hover:border-line-strong"
                    >
                      <div className="grid grid-cols-2 gap-1">
                        <EntryThumb entry={{ image: b.left.image, title: 'Left' }} />
                        <EntryThumb entry={{ image: b.right.image, title: 'Right' }} />
                      </div>
                      <p className="mt-2 flex justify-between text-sm">
                        <CategoryName category={b.category} />
                        <span className="text-ink-muted">{b.counts.total} votes</span>
                      </p>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title="Leaderboard">
            <nav className="mb-3 flex flex-wrap gap-1" aria-label="Categories">
              <CategoryLink current={category} value={null} />
              {categories.map((c) => (
                <CategoryLink key={c} current={category} value={c} />
              ))}
            </nav>
            <Leaderboard rows={board.data} />
            <Pagination of={board} hrefFor={(p) => `${arenaPaths.lobby(category)}${category ? '&' : '?'}page=${p}`} />
          </Card>
        </div>

        <div className="order-first space-y-6 lg:order-none">
          {signedIn && <EnterForm categories={categories} onEntered={(e) => setEntries((list) => [e, ...list])} />}
          {signedIn && (
            <YourEntries
              entries={entries}
              empty={{ title: 'Nothing entered yet', description: 'Enter a finished design or a published spot.' }}
              detail={(e) => <CategoryName category={e.category} />}
              end={(e) => <RatingBadge rating={e.rating} rd={e.rd} />}
            />
          )}
        </div>
      </div>
    </>
  );
}

function CategoryLink({ current, value }: { current: ArenaCategory | null; value: ArenaCategory | null }) {
  const active = current === value;
  return (
    <FilterLink href={arenaPaths.lobby(value)} active={active} compact>
      {value ? CATEGORY_LABELS[value] : 'All'}
    </FilterLink>
  );
}

function EnterForm({ categories, onEntered }: { categories: ArenaCategory[]; onEntered: (e: ArenaEntry) => void }) {
  const form = useApiForm<
    { kind: EntryKind; source: string; category: ArenaCategory },
    { message: string; entry: ArenaEntry }
  >(
    { kind: 'design', source: '', category: 'living_rooms' },
    { successMessage: (r) => r.message, onSuccess: (r) => onEntered(r.entry) },
  );
  const fitting = categories.filter((c) => DESIGN_KINDS.includes(c) === (form.data.kind === 'design'));
  return (
    <Card title="Enter your work" description="Entries are public for good: every variant you enter stays visible.">
      <form className="space-y-3" onSubmit={form.handleSubmit((v) => arenaApi.enter(v))}>
        <FormField label="What" name="kind" error={form.errors.kind}>
          <Select
            value={form.data.kind}
            onChange={(e) => {
              const kind = e.target.value as EntryKind;
              form.set('kind', kind);
              form.set('category', kind === 'design' ? 'living_rooms' : 'luxury_spots');
            }}
            options={[
              { value: 'design', label: 'A finished design' },
              { value: 'spot', label: 'A published spot' },
            ]}
          />
        </FormField>
        <TextField label={form.data.kind === 'design' ? 'Design id' : 'Spot slug'} {...form.field('source')} />
        <SelectField
          label="Category"
          options={fitting.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
          {...form.field('category')}
        />
        <Button type="submit" loading={form.processing} fullWidth>
          Enter
        </Button>
      </form>
    </Card>
  );
}
