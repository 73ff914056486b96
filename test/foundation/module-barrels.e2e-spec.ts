import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Modules reach each other only through their index.ts (the ESLint boundary rule). Barrels that reach each other
 * can form require cycles, which show up as `undefined` classes in Nest's constructor metadata at boot; so every
 * module's index is loaded first, on its own (barrel-probe.js, one Node process), and must export no undefined value.
 */
const modules = readdirSync(join(__dirname, '../../src/modules'));

describe('module barrels', () => {
  let undefinedExports: Record<string, string[]>;
  beforeAll(() => {
    const output = execFileSync(process.execPath, [join(__dirname, 'barrel-probe.js')], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test' },
      maxBuffer: 16 * 1024 * 1024,
    });
    undefinedExports = JSON.parse(output) as Record<string, string[]>;
  });

  it.each(modules)('src/modules/%s/index.ts loads first, without a require cycle', (area) => {
    expect(undefinedExports[area]).toEqual([]);
  });
});
