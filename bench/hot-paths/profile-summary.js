#!/usr/bin/env node
// Where the CPU went in a V8 .cpuprofile (`node --cpu-prof`, e.g. from `node bench/hot-paths/load.js --profile`):
// self time grouped by package (node_modules/<name>), by our own source file, and the top functions.
//
//   node bench/hot-paths/profile-summary.js bench/results/hot-paths-CPU.*.cpuprofile [top=25] [last-seconds]
// With `last-seconds`, only the samples of the profile's last seconds count (the load, not the start and seed);
// percentages are of the samples where the main thread was busy (idle left out).
const fs = require('node:fs');

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.js <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const times = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) times.push((at += delta));
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
const hits = new Map();
let idle = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  if (byId.get(id).callFrame.functionName === '(idle)') return void idle++;
  hits.set(id, (hits.get(id) ?? 0) + 1);
});
const total = [...hits.values()].reduce((a, b) => a + b, 0);

function groupOf(frame) {
  const url = frame.url || '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (/\/dist\/src\//.test(url)) return `app: ${url.split('/dist/src/')[1]}`;
  if (url.startsWith('node:')) return url;
  return frame.functionName ? `(${frame.functionName})` : '(native)';
}

const groups = new Map();
const functions = new Map();
for (const [id, count] of hits) {
  const frame = byId.get(id).callFrame;
  const group = groupOf(frame);
  groups.set(group, (groups.get(group) ?? 0) + count);
  const fn = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + count);
}
const pct = (n) => `${((100 * n) / total).toFixed(1)}%`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${pct(n).padStart(6)}  ${name}`);
};
console.log(`${total} busy samples, ${idle} idle, of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print('self time by package or file', groups);
print('self time by function', functions);
