import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannel } from '@/echo';
import { designerApi } from '@/api/designer';
import type { Design, DesignGeneratedEvent, DesignProgressEvent, ProgressStep } from '@contracts/designs';

/** What the progress view shows. */
export interface DesignProgressState {
  designId: string | null;
  status: Design['status'] | null;
  progress: number;
  currentStep: string | null;
  steps: ProgressStep[];
  /** True while a job runs and we listen for it. */
  loading: boolean;
  /** Listening on private-design.{id}; false after generated (unsubscribed). */
  subscribed: boolean;
  error: string | null;
  design: Design | null;
}

export const idleProgress: DesignProgressState = {
  designId: null,
  status: null,
  progress: 0,
  currentStep: null,
  steps: [],
  loading: false,
  subscribed: false,
  error: null,
  design: null,
};

const running = (status: string | null | undefined) => status === 'pending' || status === 'processing';

/** Starts (or resumes) watching a design: loading while its job runs. */
export function watchDesign(design: Design): DesignProgressState {
  return {
    designId: design.id,
    status: design.status,
    progress: design.progress,
    currentStep: design.current_step,
    steps: design.progress_steps,
    loading: running(design.status),
    subscribed: running(design.status),
    error: design.status === 'failed' ? design.failure_reason : null,
    design,
  };
}

/**
 * Spec 4: a progress event updates status and progress only if its design id matches.
 * An event older than what we show (lower progress on the same run) is ignored, so a late
 * catch-up fetch cannot move the bar backwards.
 */
export function applyProgress(
  state: DesignProgressState,
  event: DesignProgressEvent,
  options: { onlyForward?: boolean } = {},
): DesignProgressState {
  if (!state.designId || event.design_id !== state.designId) return state;
  if (!state.subscribed && state.status === 'completed') return state;
  if (options.onlyForward && event.status !== 'failed' && event.progress < state.progress) return state;
  const failed = event.status === 'failed';
  return {
    ...state,
    status: event.status,
    progress: failed ? state.progress : event.progress,
    currentStep: event.current_step,
    steps: event.progress_steps,
    loading: !failed && event.status !== 'completed' ? true : false,
    subscribed: !failed,
    error: failed ? event.error || 'Failed to generate design' : null,
  };
}

/**
 * Spec 4: a generated event makes the client unsubscribe from the design, stop loading and
 * mark all steps completed at 100%.
 */
export function applyGenerated(state: DesignProgressState, event: DesignGeneratedEvent): DesignProgressState {
  if (!state.designId || event.design_id !== state.designId) return state;
  const steps = (event.design?.progress_steps?.length ? event.design.progress_steps : state.steps).map((s) => ({
    ...s,
    status: 'completed' as const,
    completed: true,
  }));
  return {
    ...state,
    status: 'completed',
    progress: 100,
    currentStep: steps[steps.length - 1]?.message ?? state.currentStep,
    steps,
    loading: false,
    subscribed: false,
    error: null,
    design: event.design
      ? { ...event.design, status: 'completed', progress: 100, progress_steps: steps }
      : state.design,
  };
}

export interface UseDesignProgress extends DesignProgressState {
  /** Begin watching a design just created or re-run. */
  watch(design: Design): void;
  reset(): void;
}

/**
 * Live progress of one design over `private-design.{id}`: listens while the job runs, catches
 * up after every (re)subscription (events sent while no socket listened are not replayed), leaves
 * the channel on generated or failed.
 */
export function useDesignProgress(
  initial?: Design | null,
  handlers: { onGenerated?: (design: Design) => void; onFailed?: (message: string) => void } = {},
): UseDesignProgress {
  const [state, setState] = useState<DesignProgressState>(() => (initial ? watchDesign(initial) : idleProgress));
  const callbacks = useRef(handlers);
  callbacks.current = handlers;

  const onProgress = useCallback(
    (event: DesignProgressEvent) => setState((current) => applyProgress(current, event)),
    [],
  );
  const onCatchUp = useCallback(
    (event: DesignProgressEvent) => setState((current) => applyProgress(current, event, { onlyForward: true })),
    [],
  );
  const onGenerated = useCallback(
    (event: DesignGeneratedEvent) => setState((current) => applyGenerated(current, event)),
    [],
  );

  // Tell the page once per transition (not from inside state updaters, which may run twice).
  const announced = useRef<string | null>(state.designId ? `${state.designId}:${state.status}` : null);
  useEffect(() => {
    if (!state.designId) return;
    const key = `${state.designId}:${state.status}`;
    if (announced.current === key) return;
    announced.current = key;
    if (state.status === 'failed') callbacks.current.onFailed?.(state.error ?? 'Failed to generate design');
    if (state.status === 'completed' && !state.loading && state.design) callbacks.current.onGenerated?.(state.design);
  }, [state.designId, state.status, state.loading, state.error, state.design]);

  const channel = state.subscribed && state.designId ? `design.${state.designId}` : null;
  const designId = state.designId;
  // After each (re)subscription, the design as the server has it now: the job may have moved on, or finished,
  // while no socket listened (events are not replayed); older progress than shown is ignored.
  const catchUp = useCallback(() => {
    if (!designId) return;
    designerApi
      .get(designId)
      .then(({ design }) => {
        if (design.status === 'completed')
          onGenerated({ design_id: designId, generated_design_id: design.generatedDesigns.at(-1)?.id ?? '', design });
        else
          onCatchUp({
            design_id: designId,
            status: design.status,
            progress: design.progress,
            current_step: design.current_step,
            progress_steps: design.progress_steps,
            error: design.failure_reason ?? undefined,
          });
      })
      .catch(() => undefined);
  }, [designId, onGenerated, onCatchUp]);
  useChannel(channel, 'private', { '.design.progress': onProgress, '.design.generated': onGenerated }, catchUp);

  return {
    ...state,
    watch: useCallback((design: Design) => setState(watchDesign(design)), []),
    reset: useCallback(() => setState(idleProgress), []),
  };
}
