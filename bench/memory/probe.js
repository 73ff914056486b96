// Preloaded into the app (`node -r bench/memory/probe.js dist/src/main.js`): on SIGUSR2 it writes
// process.memoryUsage() (before and after a full GC), V8's heap statistics, where the resident memory lies
// (/proc/self/smaps: glibc's main heap, per-thread malloc arenas, other anonymous maps, files), libvips' cache
// statistics and, when MEMORY_PROBE_SNAPSHOT is set, a heap snapshot, as JSON to MEMORY_PROBE_FILE.
// Changes nothing else.
const { readFileSync, writeFileSync } = require('node:fs');
const v8 = require('node:v8');

const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const usage = () => Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, mb(v)]));

/**
 * Resident memory by kind of mapping. glibc gives each thread that mallocs its own arena, reserved as a 64 MB
 * aligned region (HEAP_MAX_SIZE) and mapped in pieces: anonymous maps inside a 64 MB-aligned window that starts an
 * arena are counted as "malloc arenas"; "[heap]" is the main arena (brk); the rest of the anonymous memory is V8's
 * pages, thread stacks and large mmapped allocations; file-backed is code and data of node and shared libraries.
 */
function smapsBreakdown() {
  const ARENA = 64n * 1024n * 1024n;
  const maps = [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head)
      maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], name: head[5], rss: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1].rss = Number(rss[1]) * 1024;
  }
  // An arena: a read-write map starting on a 64 MB boundary, followed directly by a PROT_NONE map ending on the next.
  const arenas = new Set();
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    if (!m.name && m.start % ARENA === 0n && m.perms.startsWith('rw') && next && !next.name && next.start === m.end)
      if (next.perms === '---p' && next.end === m.start + ARENA) arenas.add(m);
  });
  const totals = { mainHeap: 0, arenas: 0, otherAnon: 0, files: 0 };
  for (const m of maps) {
    const kind =
      m.name === '[heap]'
        ? 'mainHeap'
        : arenas.has(m)
          ? 'arenas'
          : m.name && !m.name.startsWith('[')
            ? 'files'
            : 'otherAnon';
    totals[kind] += m.rss;
  }
  return { ...Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, mb(v)])), arenaCount: arenas.size };
}

function report() {
  const out = { before: usage(), mapsBefore: smapsBreakdown() };
  if (global.gc) global.gc();
  out.afterGc = usage();
  out.mapsAfterGc = smapsBreakdown();
  const stats = v8.getHeapStatistics();
  out.v8 = {
    totalHeap: mb(stats.total_heap_size),
    physical: mb(stats.total_physical_size),
    used: mb(stats.used_heap_size),
    malloced: mb(stats.malloced_memory),
    peakMalloced: mb(stats.peak_malloced_memory),
    external: mb(stats.external_memory),
  };
  out.heapSpaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, { used: mb(s.space_used_size), size: mb(s.space_size) }]),
  );
  out.threads = Number(/Threads:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  out.modulesLoaded = Object.keys(require.cache).length;
  // Which packages the process loaded (module count and source size): what a web-only role could leave out.
  const byPackage = new Map();
  for (const file of Object.keys(require.cache)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(
      file.split('node_modules').length > 2 ? file.slice(file.lastIndexOf('node_modules')) : file,
    );
    const name = match ? match[1] : file.includes('/dist/') ? '(app)' : '(other)';
    const entry = byPackage.get(name) ?? { modules: 0, kb: 0 };
    entry.modules += 1;
    try {
      entry.kb += require('node:fs').statSync(file).size / 1024;
    } catch {
      /* a built-in or removed file */
    }
    byPackage.set(name, entry);
  }
  out.packages = [...byPackage.entries()]
    .sort((a, b) => b[1].kb - a[1].kb)
    .slice(0, 25)
    .map(([name, e]) => ({ name, modules: e.modules, kb: Math.round(e.kb) }));
  // Only when the app has loaded sharp: the probe must not load it (a web node loads it on its first image).
  const sharpLoaded = Object.keys(require.cache).some((file) => /node_modules\/sharp\//.test(file));
  out.libvipsCache = sharpLoaded ? require('sharp').cache() : 'sharp not loaded';
  if (process.env.MEMORY_PROBE_SNAPSHOT) out.snapshot = v8.writeHeapSnapshot(process.env.MEMORY_PROBE_SNAPSHOT);
  return out;
}

process.on('SIGUSR2', () => writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify(report())));
