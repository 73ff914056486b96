import { ProgressBar } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { ProgressStep } from '@contracts/designs';

export interface ProgressStepsProps {
  steps: ProgressStep[];
  progress: number;
  currentStep?: string | null;
  failed?: boolean;
  className?: string;
}

const stateOf = (s: ProgressStep) => (s.completed ? 'completed' : (s.status ?? 'pending'));

/** The progress view: a bar and the step list (pending, in progress, completed). */
export function ProgressSteps({ steps, progress, currentStep, failed, className }: ProgressStepsProps) {
  return (
    <div className={cn('space-y-4', className)} data-testid="progress-view">
      <div>
        <div className="mb-1 flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-200" aria-live="polite">
            {failed ? 'Generation failed' : (currentStep ?? 'Waiting for a worker…')}
          </span>
          <span className="tabular-nums text-slate-500 dark:text-slate-400" data-testid="progress-value">
            {progress}%
          </span>
        </div>
        <ProgressBar value={progress} label="Design progress" tone={failed ? 'failed' : 'progress'} />
      </div>
      <ol className="space-y-2">
        {steps.map((step) => {
          const state = stateOf(step);
          return (
            <li key={step.key ?? step.message} className="flex items-center gap-3 text-sm" data-step-state={state}>
              <span
                className={cn(
                  'flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  state === 'completed' &&
                    'border-brand-600 bg-brand-600 text-white dark:border-brand-500 dark:bg-brand-500',
                  state === 'in_progress' &&
                    'border-brand-600 text-brand-600 dark:border-brand-400 dark:text-brand-300',
                  state === 'pending' && 'border-slate-300 text-slate-400 dark:border-slate-700 dark:text-slate-500',
                )}
                aria-hidden="true"
              >
                {state === 'completed' ? (
                  '✓'
                ) : state === 'in_progress' ? (
                  <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-current" />
                ) : (
                  ''
                )}
              </span>
              <span
                className={cn(
                  state === 'pending' ? 'text-slate-500 dark:text-slate-400' : 'text-slate-800 dark:text-slate-100',
                  state === 'in_progress' && 'font-medium',
                )}
              >
                {step.message}
              </span>
              <span className="sr-only">{state.replace('_', ' ')}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
