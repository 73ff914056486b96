// Loads each module's index.ts first, in one plain Node process: the app's own files are dropped from the require
// cache before each area (so that area's barrel is the first of them to load, as at boot), while node_modules stay
// loaded (Jest's isolateModules re-evaluated Nest, TypeORM and the rest 50 times, most of a minute of CPU).
// TypeScript is compiled with the same swc options as the Jest transform (legacy decorators with metadata).
// Prints {"<area>": ["<export that was undefined>", ...]} on stdout.
const { readFileSync, readdirSync } = require('node:fs');
const { join, sep } = require('node:path');
const { transformSync } = require('@swc/core');

const SRC = join(__dirname, '../../src') + sep;
const compiled = new Map();

require.extensions['.ts'] = (module, filename) => {
  if (!compiled.has(filename)) {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    });
    compiled.set(filename, code);
  }
  module._compile(compiled.get(filename), filename);
};

require('reflect-metadata');
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
