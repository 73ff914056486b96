import { transformFileSync } from '@swc/core';
import { ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRegistry } from '../../src/modules/jobs/job-registry';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { bootTestApp } from '../support/app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

describe('media child processes and temporary work', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reelty-children-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an encoder dies with its parent, even when the parent is killed with SIGKILL', async () => {
    // The real supervisor module, compiled for a plain Node child that plays the app.
    const compiled = transformFileSync(join(__dirname, '../../src/modules/video/media/supervised-spawn.ts'), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }).code;
    writeFileSync(join(dir, 'supervised-spawn.js'), compiled);
    // A stand-in encoder: records its pid and works "forever".
    const encoder = join(dir, 'fake-ffmpeg.sh');
    writeFileSync(encoder, `#!/bin/sh\necho $$ > "$1"\nexec sleep 120\n`, { mode: 0o755 });
    writeFileSync(
      join(dir, 'parent.js'),
      `const { spawnSupervised } = require('./supervised-spawn.js');
       spawnSupervised(process.argv[2], [process.argv[3]]);
       setInterval(() => undefined, 1000);`,
    );
    const pidFile = join(dir, 'encoder.pid');
    const parent: ChildProcess = fork(join(dir, 'parent.js'), [encoder, pidFile], { stdio: 'ignore' });
    expect(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 5000)).toBe(true);
    const encoderPid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(encoderPid)).toBe(true);

    parent.kill('SIGKILL');
    expect(await waitUntil(() => !alive(encoderPid), 4000)).toBe(true);
  });

  it('removes temporary media work left by stopped processes at start, and not that of live ones', async () => {
    const storage = mkdtempSync(join(dir, 'storage-'));
    const root = join(storage, 'tmp', 'media');
    const stale = join(root, '999999-transcode-abc');
    const live = join(root, `${process.ppid}-transcode-def`);
    mkdirSync(stale, { recursive: true });
    mkdirSync(live, { recursive: true });
    writeFileSync(join(stale, 'segment.ts'), 'x');
    const t = await bootTestApp({ STORAGE_DIR: storage });
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('stops taking jobs at shutdown while the running one finishes', async () => {
    const t = await bootTestApp();
    const started: string[] = [];
    const finished: string[] = [];
    t.app.get(JobRegistry).register('fanout', 'slow-test-job', {
      handle: async ({ name }: { name: string }) => {
        started.push(name);
        await sleep(1500);
        finished.push(name);
      },
    });
    const jobs = t.app.get(JobsService);
    await jobs.dispatch('fanout', 'slow-test-job', { name: 'first' });
    expect(await waitUntil(() => started.includes('first'), 5000)).toBe(true);
    await jobs.stopTaking();
    await jobs.dispatch('fanout', 'slow-test-job', { name: 'during shutdown' });
    await t.close();
    expect(finished).toEqual(['first']);
    expect(started).toEqual(['first']);
  });
});
