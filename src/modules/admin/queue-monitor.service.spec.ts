import { JobRegistry } from '../jobs';
import { JobsService } from '../jobs';
import { QueueMonitorService, withoutServerPaths } from './queue-monitor.service';

describe('QueueMonitorService in-process mode (embedded quick start)', () => {
  it('reports counts, lists the jobs it holds with progress, pushes their moves and refuses job actions', async () => {
    const registry = new JobRegistry();
    let release!: () => void;
    registry.register('designs', 'generate', {
      handle: async (_data, job) => {
        await job.progress(40);
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    registry.register('mail', 'send', { handle: async () => Promise.reject(new Error('smtp down')) });
    const jobs = new JobsService('in-process', registry);
    const monitor = new QueueMonitorService(jobs);
    const events: string[] = [];
    const stop = jobs.watch((e) =>
      events.push(`${e.queue} ${e.kind}${e.progress !== undefined ? ` ${e.progress}` : ''}`),
    );
    const id = await jobs.dispatch('designs', 'generate', { designId: 'd-1' });
    await jobs.dispatch('mail', 'send', {}, { attempts: 1 });
    // Wait for what is asserted (the failed mail's one attempt), not for a fixed time.
    const failedMail = async () => (await monitor.states()).find((q) => q.name === 'mail')?.failed === 1;
    while (!(await failedMail())) await new Promise((r) => setImmediate(r));
    const states = await monitor.states();
    expect(states.find((q) => q.name === 'designs')).toMatchObject({ active: 1, completed: 0 });
    expect(states.find((q) => q.name === 'mail')).toMatchObject({ failed: 1 });
    expect(await monitor.list('designs', 'active')).toMatchObject({
      data: [{ id, state: 'active', progress: 40, attempts_made: 0, attempts: 3, data: { designId: 'd-1' } }],
      total: 1,
    });
    expect((await monitor.list('mail', 'failed')).data).toEqual([
      expect.objectContaining({ state: 'failed', attempts_made: 1, failed_reason: 'smtp down' }),
    ]);
    await expect(monitor.retry('mail', 'x')).rejects.toThrow(
      'Jobs run in this process (no Redis): there are no stored jobs to act on.',
    );
    release();
    await jobs.beforeApplicationShutdown();
    expect((await monitor.states()).find((q) => q.name === 'designs')).toMatchObject({ active: 0, completed: 1 });
    const [done] = (await monitor.list('designs', 'completed')).data;
    expect(done).toMatchObject({ id, state: 'completed', attempts_made: 1, duration_ms: expect.any(Number) });
    expect(events.filter((e) => e.startsWith('designs'))).toEqual([
      'designs waiting',
      'designs active',
      'designs progress 40',
      'designs completed',
    ]);
    const hour = (await monitor.throughput()).find((q) => q.name === 'designs')!;
    expect(hour.completed.at(-1)).toBe(1);
    await stop();
  });
});

describe('a failed job’s message as admins see it', () => {
  it('keeps the words and file names, never the server’s paths', () => {
    expect(
      withoutServerPaths(
        'ENOENT: no such file, open /work/main/storage/media/designs/a.jpg (at /srv/app/dist/src/modules/designs/x.js:12:7)',
      ),
    ).toBe('ENOENT: no such file, open a.jpg (at x.js:12:7)');
    expect(withoutServerPaths('OpenAI answered 503: Service unavailable')).toBe(
      'OpenAI answered 503: Service unavailable',
    );
    expect(withoutServerPaths('failed in file:///home/app/node_modules/bullmq/dist/worker.js:88')).toBe(
      'failed in worker.js:88',
    );
  });
});
