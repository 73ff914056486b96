import { JobRegistry } from '../../src/modules/jobs';
import type { TestApp } from './app';

/**
 * A `media` job named `monitor-probe` that reports 25 %, waits for `next()`, reports 75 %, waits for `next()` again
 * and completes: a long job whose steps the test controls, to watch the queue monitor follow it.
 */
export function registerProbeJob(t: TestApp): { next: () => void } {
  const gates = [0, 1].map(() => {
    let open!: () => void;
    return { opened: new Promise<void>((r) => (open = r)), open: () => open() };
  });
  t.app.get(JobRegistry).register('media', 'monitor-probe', {
    handle: async (_data, job) => {
      await job.progress(25);
      await gates[0].opened;
      await job.progress(75);
      await gates[1].opened;
    },
  });
  let step = 0;
  return { next: () => gates[step++]?.open() };
}
