// Prints the plain closing line CI reads: "N passed, N failed[, N skipped]", after the slowest test files,
// so the suite's time budget (CI under 20 minutes) is watched in every run.
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const slowest = results.testResults
      .map((file) => ({
        file: path.relative(process.cwd(), file.testFilePath),
        ms: file.perfStats.end - file.perfStats.start,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15);
    if (slowest.length > 1) {
      process.stdout.write('\nslowest test files:\n');
      for (const { file, ms } of slowest) process.stdout.write(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}\n`);
    }
    const slowestTests = results.testResults
      .flatMap((file) =>
        file.testResults.map((test) => ({
          name: `${path.relative(process.cwd(), file.testFilePath)} › ${test.fullName}`,
          ms: test.duration ?? 0,
        })),
      )
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 25);
    if (slowestTests.length > 1) {
      process.stdout.write('\nslowest tests:\n');
      for (const { name, ms } of slowestTests)
        process.stdout.write(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name.slice(0, 150)}\n`);
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
module.exports = SummaryReporter;
