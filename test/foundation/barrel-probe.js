// Loads each module's index.ts first, in one plain Node process: the app's own files are dropped from the require
// cache before each area (so that area's barrel is the first of them to load, as at boot), while node_modules stay
// loaded (Jest's isolateModules re-evaluated Nest, TypeORM and the rest 50 times, most of a minute of CPU).
// TypeScript is compiled by the benchmarks' require hook (swc with the Jest transform's options, each file once).
// Prints {"<area>": ["<export that was undefined>", ...]} on stdout.
const { readdirSync } = require('node:fs');
const { join, sep } = require('node:path');
require('../../bench/support/ts-register');

const SRC = join(__dirname, '../../src') + sep;
const result = {};
for (const area of readdirSync(join(SRC, 'modules'))) {
  for (const file of Object.keys(require.cache)) if (file.startsWith(SRC)) delete require.cache[file];
  try {
    const exported = require(join(SRC, 'modules', area, 'index.ts'));
    result[area] = Object.entries(exported)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
  } catch (error) {
    result[area] = [`threw while loading: ${error.message}`];
  }
}
process.stdout.write(JSON.stringify(result));
