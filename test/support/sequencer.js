// Runs the longest test files first, so no worker is left with a long file at the end of the run. Jest's own
// sequencer does this from the last run's timings and, on a fresh clone with no timings, by file size; an area's
// suite file (suite.e2e-spec.ts) is a few import lines, so its size is the size of the case files it imports, and
// a browser test (Chromium at 4x the cost of a server test of the same size) counts four times its size.
const Sequencer = require('@jest/test-sequencer').default;
const { statSync } = require('node:fs');
const { basename } = require('node:path');
const { importedCases } = require('./suite-imports');

// Files that take minutes whatever their size (hundreds of fuzzed requests, a cluster behind nginx, the demo seed
// with its transcodes, a start on embedded PostgreSQL): first, longest first, so none is left running alone at the end.
const MINUTES = [
  'test/security/fuzz.e2e-spec.ts',
  'test/cluster/cluster.e2e-spec.ts',
  'test/seeds/demo.e2e-spec.ts',
  'test/smoke/embedded-start.e2e-spec.ts',
];

function weight(path) {
  const heavy = MINUTES.findIndex((file) => path.endsWith(file));
  if (heavy >= 0) return Number.MAX_SAFE_INTEGER - heavy;
  if (basename(path) === 'suite.e2e-spec.ts') {
    // What the suite imports: its own area's case files and any neighbouring area's it runs too.
    return importedCases(path).reduce((sum, file) => sum + statSync(file).size, 0);
  }
  const size = statSync(path).size;
  return /browser|journey/.test(path) ? size * 4 : size;
}

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const weights = new Map(tests.map((test) => [test.path, weight(test.path)]));
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      // A file with a timing from the last run goes by that timing; a file with none goes by its weight, first.
      if ((a.duration == null) !== (b.duration == null)) return a.duration == null ? -1 : 1;
      if (a.duration != null && b.duration != null) return b.duration - a.duration;
      return weights.get(b.path) - weights.get(a.path);
    });
  }
}

module.exports = LongestFirstSequencer;
