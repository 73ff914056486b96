import type { DrawStep } from '@contracts/sweepstakes';
import { cn } from '@/lib/cn';

/** The draw job's live progress: each step ticks when the job reports it. */
export function DrawSteps({ steps }: { steps: DrawStep[] }) {
  if (steps.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">The draw has not started.</p>;
  return (
    <ol className="space-y-2" aria-label="Draw progress">
      {steps.map((step, i) => (
        <li key={step.key} className="flex items-start gap-3" data-step={step.key} data-done={step.done}>
          <span
            className={cn(
              'mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
              step.done
                ? 'bg-emerald-600 text-white dark:bg-emerald-500'
                : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
            )}
          >
            {step.done ? '✓' : i + 1}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 dark:text-white">{step.label}</p>
            {step.detail && <p className="break-words text-xs text-slate-500 dark:text-slate-400">{step.detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
