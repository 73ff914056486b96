#!/usr/bin/env node
/**
 * Idle memory of a web process with demo data: boots the built app (dist/src/main.js, production
 * mode, SEED_DEMO=true) on a fresh database and the local Redis, waits until the demo seed and its
 * transcodes are done and the process is idle, then reads VmRSS from /proc and, through
 * bench/memory/probe.js, the V8/external breakdown before and after a full GC and libvips' cache.
 *
 *   npm run build:server && node bench/memory/run.js [--idle-seconds 20] [--snapshot] [--env K=V ...]
 *
 * `--snapshot` also writes a heap snapshot and prints the largest retainers by constructor.
 * `--env MALLOC_ARENA_MAX=2` etc. passes settings to the app, to compare allocators and caches.
 */
const fs = require('node:fs');
const path = require('node:path');
const { sleep, startBuiltApp, waitUntilIdle } = require('../support/built-app');
const { parseArgs } = require('../support/common');

const argv = process.argv.slice(2);
const { 'idle-seconds': IDLE_SECONDS, snapshot: SNAPSHOT } = parseArgs({ 'idle-seconds': 20, snapshot: false }, argv);
const extraEnv = Object.fromEntries(
  argv.flatMap((a, i) => (a === '--env' ? [argv[i + 1].split(/=(.*)/s).slice(0, 2)] : [])),
);

function procStatus(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return {
    rssMb: Math.round(kb('VmRSS') / 1024),
    anonMb: Math.round(kb('RssAnon') / 1024),
    fileMb: Math.round(kb('RssFile') / 1024),
    threads: kb('Threads'),
  };
}

/** Largest self sizes by constructor in a heap snapshot (the biggest owners of the JS heap). */
function summarizeSnapshot(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const {
    node_fields: fields,
    node_types: [types],
  } = snap.snapshot.meta;
  const width = fields.length;
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType]];
    const name = type === 'object' || type === 'closure' ? snap.strings[snap.nodes[i + iName]] : `(${type})`;
    totals.set(name, (totals.get(name) ?? 0) + snap.nodes[i + iSize]);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, size]) => ({ name: name.slice(0, 60), mb: Math.round((size / 1024 / 1024) * 10) / 10 }));
}

async function main() {
  const probeDir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'reelty-memory-probe-'));
  const probeFile = path.join(probeDir, 'probe.json');
  const app = await startBuiltApp({
    nodeArgs: ['--expose-gc', '-r', path.join(__dirname, 'probe.js')],
    env: {
      MEMORY_PROBE_FILE: probeFile,
      ...(SNAPSHOT ? { MEMORY_PROBE_SNAPSHOT: path.join(probeDir, 'idle.heapsnapshot') } : {}),
      ...extraEnv,
    },
  });
  try {
    await waitUntilIdle(app.child.pid, IDLE_SECONDS);
    const idle = procStatus(app.child.pid);
    app.child.kill('SIGUSR2');
    while (!fs.existsSync(probeFile)) await sleep(200);
    await sleep(300);
    const probe = JSON.parse(fs.readFileSync(probeFile, 'utf8'));
    const afterGc = procStatus(app.child.pid);
    const result = { date: new Date().toISOString(), env: extraEnv, upSeconds: app.upSeconds, idle, afterGc, probe };
    if (probe.snapshot) result.heapByConstructor = summarizeSnapshot(probe.snapshot);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await app.stop();
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
