import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Modules reach each other only through their index.ts (the ESLint boundary rule). Barrels that reach each other
 * can form require cycles, which show up as `undefined` classes in Nest's constructor metadata at boot; so every
 * module's index is loaded first, on its own, and must export no undefined value.
 */
const modules = readdirSync(join(__dirname, '../../src/modules'));

describe('module barrels', () => {
  it.each(modules)('src/modules/%s/index.ts loads first, without a require cycle', (area) => {
    jest.isolateModules(() => {
      const exported = require(`../../src/modules/${area}/index`) as Record<string, unknown>;
      const missing = Object.entries(exported).filter(([, value]) => value === undefined);
      expect(missing.map(([name]) => name)).toEqual([]);
    });
  });
});
