// A worker node that takes one media job and dies holding it (SIGKILL, as the OOM killer would),
// for worker-crash.e2e-spec.ts. Its lock is short so the crash is noticed quickly.
const { Worker } = require('bullmq');

const [url, prefix] = process.argv.slice(2);
const worker = new Worker(
  'media',
  async (job) => {
    process.send?.({ taken: job.id, name: job.name });
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), 300);
    await new Promise(() => undefined);
  },
  {
    connection: { url, maxRetriesPerRequest: null },
    prefix,
    lockDuration: 1500,
    skipStalledCheck: true,
    concurrency: 1,
  },
);
worker.on('ready', () => process.send?.({ ready: true }));
