import { applyGenerated, applyProgress, idleProgress, watchDesign } from './useDesignProgress';
import type { Design, DesignProgressEvent } from '@contracts/designs';
import { GENERATE_STEPS, pendingSteps } from '@/components/designer/steps';
import { aDesign } from '@/test-utils';

const design = (over: Partial<Design> = {}): Design =>
  aDesign({ progress_steps: pendingSteps(GENERATE_STEPS), ...over });

const step = (i: number, status: 'in_progress' | 'completed') =>
  GENERATE_STEPS.map((message, j) => ({
    message,
    status: j < i || (j === i && status === 'completed') ? 'completed' : j === i ? 'in_progress' : 'pending',
    completed: j < i || (j === i && status === 'completed'),
  })) as DesignProgressEvent['progress_steps'];

const progress = (id: string, i: number, status: 'in_progress' | 'completed', value: number): DesignProgressEvent => ({
  design_id: id,
  status: 'processing',
  progress: value,
  current_step: GENERATE_STEPS[i],
  progress_steps: step(i, status),
});

describe('design progress state (spec 4)', () => {
  it('starts loading and subscribed for a pending design, idle for a finished one', () => {
    expect(watchDesign(design())).toMatchObject({ designId: 'd1', loading: true, subscribed: true, progress: 0 });
    expect(watchDesign(design({ status: 'completed', progress: 100 }))).toMatchObject({
      loading: false,
      subscribed: false,
    });
    expect(watchDesign(design({ status: 'failed', failure_reason: 'Nope' }))).toMatchObject({
      loading: false,
      error: 'Nope',
    });
  });

  it('applies a progress event only when its design id matches', () => {
    const s = watchDesign(design());
    const other = applyProgress(s, progress('d2', 1, 'in_progress', 25));
    expect(other).toBe(s);
    const mine = applyProgress(s, progress('d1', 1, 'in_progress', 25));
    expect(mine).toMatchObject({
      status: 'processing',
      progress: 25,
      currentStep: 'Processing the original image',
      loading: true,
    });
    expect(mine.steps.map((x) => x.status)).toEqual(['completed', 'in_progress', 'pending', 'pending', 'pending']);
    expect(applyProgress(idleProgress, progress('d1', 1, 'in_progress', 25))).toBe(idleProgress);
  });

  it('on generated: unsubscribes, stops loading and marks every step completed at 100%', () => {
    let s = watchDesign(design());
    s = applyProgress(s, progress('d1', 2, 'in_progress', 45));
    const done = applyGenerated(s, {
      design_id: 'd1',
      generated_design_id: 'g1',
      design: design({ status: 'completed', progress: 100, progress_steps: step(3, 'completed') }),
    });
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      loading: false,
      subscribed: false,
      currentStep: 'Finalizing',
    });
    expect(done.steps).toHaveLength(5);
    expect(done.steps.every((x) => x.completed && x.status === 'completed')).toBe(true);
    expect(done.design?.progress).toBe(100);
    // Ignored for another design, and progress after generated does not reopen it.
    expect(applyGenerated(s, { design_id: 'zz', generated_design_id: 'g', design: design({ id: 'zz' }) })).toBe(s);
    expect(applyProgress(done, progress('d1', 1, 'in_progress', 25))).toBe(done);
  });

  it('regenerate: four steps all completed on generated', () => {
    const regen = design({
      job_kind: 'regenerate',
      progress_steps: pendingSteps(['Analyzing style', 'Generating design', 'Enhancing details', 'Finalizing']),
    });
    const done = applyGenerated(watchDesign(regen), {
      design_id: 'd1',
      generated_design_id: 'g',
      design: { ...regen, progress_steps: [] },
    });
    expect(done.steps).toHaveLength(4);
    expect(done.steps.every((x) => x.completed)).toBe(true);
  });

  it('a failed event stops loading, leaves the channel and carries the server message or the default', () => {
    const s = applyProgress(watchDesign(design()), progress('d1', 0, 'completed', 20));
    const failed = applyProgress(s, {
      ...progress('d1', 2, 'in_progress', 45),
      status: 'failed',
      error: 'OpenAI answered 400: rejected',
    });
    expect(failed).toMatchObject({
      status: 'failed',
      loading: false,
      subscribed: false,
      error: 'OpenAI answered 400: rejected',
      progress: 20,
    });
    expect(applyProgress(s, { ...progress('d1', 2, 'in_progress', 45), status: 'failed' }).error).toBe(
      'Failed to generate design',
    );
  });

  it('a catch-up snapshot never moves the bar backwards', () => {
    const s = applyProgress(watchDesign(design()), progress('d1', 2, 'completed', 60));
    expect(applyProgress(s, progress('d1', 1, 'completed', 40), { onlyForward: true })).toBe(s);
    expect(applyProgress(s, progress('d1', 3, 'in_progress', 65), { onlyForward: true }).progress).toBe(65);
  });
});
