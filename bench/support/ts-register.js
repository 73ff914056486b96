// Lets plain `node` load the TypeScript sources for a benchmark, compiled in memory with
// @swc/core (the compiler the test suite uses), with the decorator metadata Nest and TypeORM need.
require('reflect-metadata');
const fs = require('node:fs');
const swc = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2022',
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
