// Lets plain `node` load the TypeScript designer engine and app for the benchmark,
// compiled in memory with @swc/core, the compiler the test suite already uses.
const fs = require('node:fs');
const swc = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = swc.transformSync(source, {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022', transform: { legacyDecorator: true, decoratorMetadata: true } },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
