import type { QueueOverview } from '@contracts/admin';
import { applyQueueChange } from './queue-monitor-rules';

const counts = (name: string, active: number) => ({ name, waiting: 0, active, completed: 0, failed: 0, delayed: 0 });
const row = (id: string, progress: number) => ({
  id,
  queue: 'media',
  name: 'transcode',
  state: 'active',
  progress,
  attempts_made: 0,
  attempts: 3,
  failed_reason: null,
  data: {},
  created_at: null,
  processed_at: null,
  finished_at: null,
  duration_ms: null,
});
const view: QueueOverview = {
  mode: 'bullmq',
  queues: [counts('media', 1), counts('mail', 0)],
  queue: 'media',
  state: 'active',
  jobs: { data: [row('7', 10), row('8', 0)], current_page: 1, last_page: 1, per_page: 25, total: 2 },
  throughput: [],
  at: '2026-12-02T10:00:00.000Z',
};

describe('a queue push on the monitor', () => {
  it('moves listed jobs’ progress in place and asks for no reload', () => {
    const { view: next, reload } = applyQueueChange(view, {
      queue: counts('media', 2),
      jobs: [{ queue: 'media', id: '7', kind: 'progress', progress: 60 }],
      at: '2026-12-02T10:00:01.000Z',
    });
    expect(reload).toBe(false);
    expect(next.jobs.data.map((j) => j.progress)).toEqual([60, 0]);
    expect(next.queues[0].active).toBe(2);
  });

  it('asks for a reload when a job started or ended, also on another queue (counts, charts)', () => {
    const outcome = applyQueueChange(view, {
      queue: counts('mail', 1),
      jobs: [{ queue: 'mail', id: '1', kind: 'active' }],
      at: '2026-12-02T10:00:01.000Z',
    });
    expect(outcome.reload).toBe(true);
    expect(outcome.view.queues[1].active).toBe(1);
    expect(outcome.view.jobs).toEqual(view.jobs);
  });

  it('ignores a push older than the view it holds', () => {
    const stale = applyQueueChange(view, {
      queue: counts('media', 9),
      jobs: [{ queue: 'media', id: '7', kind: 'completed' }],
      at: '2026-12-02T09:59:59.000Z',
    });
    expect(stale).toEqual({ view, reload: false });
  });
});
