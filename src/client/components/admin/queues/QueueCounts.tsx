import type { QueueOverview } from '@contracts/admin';
import { Sparkline } from '@/components/charts';
import { cn } from '@/lib/cn';

export const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;

/** Every queue's counts (each a link to that queue's jobs in that state) and its last hour as a sparkline. */
export function QueueCounts({
  view,
  onSelect,
}: {
  view: QueueOverview;
  onSelect: (queue: string, state: string) => void;
}) {
  const hour = new Map(view.throughput.map((t) => [t.name, t.completed.map((c, i) => c + t.failed[i])]));
  return (
    <div className="mb-6 overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full min-w-[40rem] text-sm" data-testid="queue-counts">
        <thead className="text-left text-ink-muted">
          <tr>
            <th className="px-4 py-2 font-medium">Queue</th>
            {JOB_STATES.map((s) => (
              <th key={s} className="px-3 py-2 text-right font-medium capitalize">
                {s}
              </th>
            ))}
            <th className="px-4 py-2 text-right font-medium">Last hour</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {view.queues.map((q) => (
            <tr key={q.name} className={cn(q.name === view.queue && 'bg-surface-muted')}>
              <td className="px-4 py-2 font-medium">
                {q.name}
                {q.paused && (
                  <span className="ml-2 text-xs font-normal text-amber-600 dark:text-amber-400">paused</span>
                )}
              </td>
              {JOB_STATES.map((s) => (
                <td key={s} className="px-3 py-2 text-right tabular-nums">
                  <button
                    type="button"
                    onClick={() => onSelect(q.name, s)}
                    className={cn(
                      'rounded px-2 py-0.5',
                      s === 'failed' && q[s] > 0 && 'font-semibold text-red-600 dark:text-red-400',
                      q.name === view.queue && s === view.state && 'ring-2 ring-brand-500',
                    )}
                    data-testid={`count-${q.name}-${s}`}
                  >
                    {q[s]}
                  </button>
                </td>
              ))}
              <td className="px-4 py-2 text-right">
                <Sparkline values={hour.get(q.name) ?? []} label={`${q.name}: jobs finished per minute, last hour`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
