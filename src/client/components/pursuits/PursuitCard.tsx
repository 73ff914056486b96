import type { Pursuit } from '@contracts/pursuits';
import { useState } from 'react';
import { pursuitApi } from '@/api/pursuits';
import { Button, Input, ProgressBar } from '@/components/ui';
import { useAttempt } from '@/hooks/useAttempt';

/** One pursuit: progress bar, steps for its owner, milestones to tick. Teammates see it read-only. */
export function PursuitCard({ initial, onRemoved }: { initial: Pursuit; onRemoved?: (id: string) => void }) {
  const { attempt } = useAttempt();
  const [p, setP] = useState(initial);
  const [milestone, setMilestone] = useState('');
  const run = async (work: () => Promise<{ pursuit: Pursuit }>, fallback: string) => {
    await attempt(async () => {
      setP((await work()).pursuit);
    }, fallback);
  };
  const remove = async () => {
    await attempt(async () => {
      await pursuitApi.remove(p.id);
      onRemoved?.(p.id);
    }, 'Could not delete the pursuit');
  };
  return (
    <article className="rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{p.title}</h3>
          <p className="text-xs text-ink-subtle">
            {p.mine ? (p.shared_team ? `Shared with ${p.shared_team.name}` : 'Private') : `By ${p.owner.name}`}
            {p.due_on ? ` · due ${p.due_on}` : ''}
            {p.completed_at ? ' · achieved' : ''}
          </p>
        </div>
        <span className="text-sm font-semibold text-ink">
          {p.progress} / {p.target} {p.unit}
        </span>
      </div>
      {p.description && <p className="mt-1 text-sm text-ink-muted">{p.description}</p>}
      <ProgressBar
        className="mt-3"
        value={p.percent}
        label={`${p.title}: ${p.percent}%`}
        tone={p.completed_at ? 'done' : 'progress'}
      />
      {p.mine && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={p.progress === 0}
            onClick={() => void run(() => pursuitApi.update(p.id, { progress: p.progress - 1 }), 'Could not save')}
          >
            −1
          </Button>
          <Button
            size="sm"
            onClick={() => void run(() => pursuitApi.update(p.id, { progress: p.progress + 1 }), 'Could not save')}
          >
            +1
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void remove()}>
            Delete
          </Button>
        </div>
      )}
      {(p.milestones.length > 0 || p.mine) && (
        <ul className="mt-3 space-y-1">
          {p.milestones.map((m) => (
            <li key={m.id} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="accent-brand-600"
                checked={m.done}
                disabled={!p.mine}
                aria-label={m.title}
                onChange={(e) => void run(() => pursuitApi.setMilestone(m.id, e.target.checked), 'Could not save')}
              />
              <span className={m.done ? 'text-ink-subtle line-through' : ''}>{m.title}</span>
            </li>
          ))}
        </ul>
      )}
      {p.mine && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!milestone.trim()) return;
            void run(() => pursuitApi.addMilestone(p.id, milestone), 'Could not add the milestone').then(() =>
              setMilestone(''),
            );
          }}
        >
          <Input
            aria-label="New milestone"
            placeholder="Add a milestone"
            value={milestone}
            onChange={(e) => setMilestone(e.target.value)}
            maxLength={120}
          />
          <Button size="sm" type="submit" variant="secondary">
            Add
          </Button>
        </form>
      )}
    </article>
  );
}
