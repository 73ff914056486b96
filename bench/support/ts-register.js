// Lets plain `node` load the TypeScript sources for a benchmark (or a test's child process), compiled in memory
// with @swc/core (the compiler the test suite uses), with the decorator metadata Nest and TypeORM need. Each file is
// compiled once per process: a caller that drops files from the require cache to load them again (the module
// barrels test) re-evaluates them without compiling them again.
require('reflect-metadata');
const fs = require('node:fs');
const swc = require('@swc/core');

const compiled = new Map();

require.extensions['.ts'] = (module, filename) => {
  if (!compiled.has(filename)) {
    const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        target: 'es2022',
        transform: { legacyDecorator: true, decoratorMetadata: true },
      },
      module: { type: 'commonjs' },
    });
    compiled.set(filename, code);
  }
  module._compile(compiled.get(filename), filename);
};
