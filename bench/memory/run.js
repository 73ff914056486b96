#!/usr/bin/env node
/**
 * Idle memory of a web process with demo data: boots the built app (dist/src/main.js, production
 * mode, SEED_DEMO=true) on a fresh database and the local Redis, waits until the demo seed and its
 * transcodes are done and the process is idle, then reads VmRSS from /proc and, through
 * bench/memory/probe.js, the V8/external breakdown before and after a full GC and libvips' cache.
 *
 *   npm run build:server && node bench/memory/run.js [--idle-seconds 20] [--snapshot] [--load 20] [--env K=V ...]
 *
 * `--load N` then drives signed-in API paths (listings dashboard, feed, chats, notifications in turn) at `--rate`
 * (500) req/s for N seconds from a load generator in its own process, samples the app's RSS every 200 ms, probes
 * again right after the load and once more after `--idle-seconds` of quiet (what the process gives back).
 * `--snapshot` also writes a heap snapshot and prints the largest retainers by constructor.
 * `--env MALLOC_ARENA_MAX=2` etc. passes settings to the app, to compare allocators and caches.
 * `--web-node` measures a web node as production runs one: a first process seeds the demo data and runs the jobs,
 * then a second one (RUN_WORKERS=false, no seed) starts on the same database and storage; the figures are the
 * second's.
 */
const fs = require('node:fs');
const path = require('node:path');
const os = require('node:os');
const { sleep, startBuiltApp, waitUntilIdle } = require('../support/built-app');
const { parseArgs, runChild, signIn } = require('../support/common');

const argv = process.argv.slice(2);
const {
  'idle-seconds': IDLE_SECONDS,
  snapshot: SNAPSHOT,
  load: LOAD_SECONDS,
  rate: RATE,
  'web-node': WEB_NODE,
} = parseArgs({ 'idle-seconds': 20, snapshot: false, load: 0, rate: 500, 'web-node': false }, argv);
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

/** RSS while signed-in API paths take RATE req/s, right after, and after the process has been quiet again. */
async function underLoad(app, probe) {
  const cookie = await signIn(app.base, 'realtor@reelty.test', 'realtor-demo-1');
  const paths = [
    '/api/listings/dashboard/paginate?count=12',
    '/api/feed',
    '/api/chats?per_page=20',
    '/api/notifications?limit=20',
  ];
  let max = procStatus(app.child.pid);
  const timer = setInterval(() => {
    const now = procStatus(app.child.pid);
    if (now.rssMb > max.rssMb) max = now;
  }, 200);
  const loadBefore = os.loadavg()[0].toFixed(2);
  const run = await runChild(path.join(__dirname, '../support/load-child.js'), {
    url: app.base,
    connections: 10,
    duration: LOAD_SECONDS,
    overallRate: RATE,
    headers: { Accept: 'application/json', Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' },
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  clearInterval(timer);
  const end = procStatus(app.child.pid);
  const afterProbe = await probe();
  await waitUntilIdle(app.child.pid, IDLE_SECONDS);
  const settled = procStatus(app.child.pid);
  const settledProbe = await probe();
  return {
    rate: RATE,
    seconds: LOAD_SECONDS,
    loadAverage: `${loadBefore} → ${os.loadavg()[0].toFixed(2)}`,
    run,
    rssMax: max,
    rssAtEnd: end,
    probeAfterLoad: afterProbe,
    settled,
    probeSettled: settledProbe,
  };
}

async function main() {
  const probeDir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'reelty-memory-probe-'));
  const probeFile = path.join(probeDir, 'probe.json');
  const seeder = WEB_NODE ? await startBuiltApp({ env: extraEnv }) : null;
  if (seeder) await waitUntilIdle(seeder.child.pid, IDLE_SECONDS);
  const app = await startBuiltApp({
    nodeArgs: ['--expose-gc', '-r', path.join(__dirname, 'probe.js')],
    env: {
      MEMORY_PROBE_FILE: probeFile,
      ...(SNAPSHOT ? { MEMORY_PROBE_SNAPSHOT: path.join(probeDir, 'idle.heapsnapshot') } : {}),
      ...extraEnv,
      ...(seeder
        ? { DATABASE_URL: seeder.databaseUrl, STORAGE_DIR: seeder.storageDir, SEED_DEMO: 'false', RUN_WORKERS: 'false' }
        : {}),
    },
  });
  const probe = async () => {
    fs.rmSync(probeFile, { force: true });
    app.child.kill('SIGUSR2');
    while (!fs.existsSync(probeFile)) await sleep(200);
    await sleep(300);
    return JSON.parse(fs.readFileSync(probeFile, 'utf8'));
  };
  try {
    await waitUntilIdle(app.child.pid, IDLE_SECONDS);
    const idle = procStatus(app.child.pid);
    const idleProbe = await probe();
    const result = {
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => l.toFixed(2)),
      env: extraEnv,
      webNode: WEB_NODE,
      upSeconds: app.upSeconds,
      idle,
      // Read after the probe (a full GC, and the heap snapshot with --snapshot, which itself grows the RSS).
      afterProbe: procStatus(app.child.pid),
      probe: idleProbe,
    };
    if (idleProbe.snapshot) result.heapByConstructor = summarizeSnapshot(idleProbe.snapshot);
    if (LOAD_SECONDS > 0) result.load = await underLoad(app, probe);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await app.stop();
    if (seeder) await seeder.stop();
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
