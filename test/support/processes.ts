/** Helpers for tests that run the built app (dist/) or a server as a child process. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/** Text without its terminal colour codes. */
// eslint-disable-next-line no-control-regex
export const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

export { freePort } from '../../src/config/runtime';

/** The app's environment: this process's, less anything that would pick servers or settings for it. */
export function appEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(DATABASE_|REDIS_|LOCAL_|TEST_POSTGRES|TEST_REDIS|APP_|PORT$|HOST$|NODE_ENV$|STORAGE_|SEED_|LOG_LEVEL$|RUN_WORKERS$|SMTP_URL$)/.test(
        name,
      )
    )
      delete env[name];
  }
  return { ...env, ...overrides };
}

/** Polls `condition` every 100 ms; after `timeoutMs` fails naming `what`, with the output `log` gives. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Output so far:\n${log()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Builds the app (`npm run build`) before the file's tests when `file` of the build output is missing. */
export function buildIfMissing(file: string): void {
  beforeAll(() => {
    if (!existsSync(file)) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
  }, 320_000);
}
