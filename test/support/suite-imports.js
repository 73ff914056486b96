// The case files a suite runs: its `import './x.cases';` / `import '../area/x.cases';` lines, as absolute paths.
// Read by the sequencer (a suite weighs what it runs) and by the test-layout check (each case file runs once).
const { readFileSync } = require('node:fs');
const { dirname, resolve } = require('node:path');

const CASE_IMPORT = /^import '(\.{1,2}\/[^']+\.cases)';$/gm;

function importedCases(suitePath) {
  return [...readFileSync(suitePath, 'utf8').matchAll(CASE_IMPORT)].map(([, file]) =>
    resolve(dirname(suitePath), `${file}.ts`),
  );
}

module.exports = { importedCases };
