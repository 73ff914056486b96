import { JobRegistry } from '../jobs';
import { JobsService } from '../jobs';
import { QueueMonitorService, withoutServerPaths } from './queue-monitor.service';

describe('QueueMonitorService in-process mode (embedded quick start)', () => {
  it('reports counts per queue, no stored jobs, and refuses job actions with a reason', async () => {
    const registry = new JobRegistry();
    let release!: () => void;
    registry.register('designs', 'generate', { handle: () => new Promise<void>((resolve) => (release = resolve)) });
    registry.register('mail', 'send', { handle: async () => Promise.reject(new Error('smtp down')) });
    const jobs = new JobsService('in-process', registry);
    const monitor = new QueueMonitorService(jobs);
    await jobs.dispatch('designs', 'generate', {});
    await jobs.dispatch('mail', 'send', {}, { attempts: 1 });
    // Wait for what is asserted (the failed mail's one attempt), not for a fixed time.
    const failedMail = async () => (await monitor.states()).find((q) => q.name === 'mail')?.failed === 1;
    while (!(await failedMail())) await new Promise((r) => setImmediate(r));
    const states = await monitor.states();
    expect(states.find((q) => q.name === 'designs')).toMatchObject({ active: 1, completed: 0 });
    expect(states.find((q) => q.name === 'mail')).toMatchObject({ failed: 1 });
    expect(await monitor.list('designs', 'active')).toMatchObject({ data: [], total: 0 });
    await expect(monitor.retry('mail', 'x')).rejects.toThrow(
      'Jobs run in this process (no Redis): there are no stored jobs to act on.',
    );
    release();
    await jobs.beforeApplicationShutdown();
    expect((await monitor.states()).find((q) => q.name === 'designs')).toMatchObject({ active: 0, completed: 1 });
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
