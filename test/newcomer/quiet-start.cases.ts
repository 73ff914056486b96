import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `npm start` builds the client first: that build must not print warnings people learn to ignore. */
jest.setTimeout(120_000);

describe('a quiet start', () => {
  it('the client build prints no warnings (config format, oversized chunks)', () => {
    const out = mkdtempSync(join(tmpdir(), 'reelty-vite-'));
    try {
      const run = spawnSync(
        join(__dirname, '..', '..', 'node_modules', '.bin', 'vite'),
        ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: join(__dirname, '..', '..'), encoding: 'utf8' },
      );
      const log = `${run.stdout}\n${run.stderr}`;
      expect(run.status).toBe(0);
      expect(log).not.toMatch(/\(!\)/);
      expect(log).not.toMatch(/CommonJS|ESM syntax|larger than \d+ kB/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
