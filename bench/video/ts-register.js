// Lets plain `node` load the TypeScript app (Nest + TypeORM need decorator metadata), compiled in
// memory with @swc/core as the test suite does.
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
