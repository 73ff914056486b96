// Preloaded into the app (`node -r bench/memory/probe.js dist/src/main.js`): on SIGUSR2 it writes
// process.memoryUsage() (before and after a full GC), libvips' cache statistics and, when
// MEMORY_PROBE_SNAPSHOT is set, a heap snapshot, as JSON to MEMORY_PROBE_FILE. Changes nothing else.
const { writeFileSync } = require('node:fs');
const v8 = require('node:v8');

const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const usage = () => Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, mb(v)]));

process.on('SIGUSR2', () => {
  const report = { before: usage() };
  if (global.gc) global.gc();
  report.afterGc = usage();
  report.heapSpaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size)]));
  try {
    report.libvipsCache = require('sharp').cache();
  } catch {
    report.libvipsCache = null;
  }
  if (process.env.MEMORY_PROBE_SNAPSHOT) report.snapshot = v8.writeHeapSnapshot(process.env.MEMORY_PROBE_SNAPSHOT);
  writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify(report));
});
