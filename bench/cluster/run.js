#!/usr/bin/env node
/**
 * Load on the cluster (`npm run build && node bench/cluster/run.js`): the foundation benchmark's load
 * (autocannon, in this process, separate from the servers) through nginx, first with one web node behind
 * the proxy, then with two. One cluster is started (bench/cluster/cluster.js, demo data seeded, two web
 * nodes, a worker, the S3 stand-in); the one-node run goes through a second nginx whose upstream lists
 * web-1 only, so both runs share the same database, data and warm caches.
 *
 * Targets: the swipe feed (GET /api/feed, as a guest) and a signed-in page (the Inertia JSON visit
 * of /dashboard as the demo realtor). Each at a fixed rate (BENCH_RATE, 150 req/s, 10 s) for latency and
 * at maximum throughput (BENCH_CONNECTIONS, 20, 10 s). CPU is sampled per process (web nodes, nginx,
 * PostgreSQL, Redis, this load generator) and for the whole machine, to show where the 2 cores go.
 * Results: a table on stdout and bench/results/cluster-latest.json.
 */
const autocannon = require('autocannon');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startCluster, renderTemplate, nginxMainConf, NGINX, TEMPLATE } = require('./cluster');
const { waitUntilIdle } = require('../support/built-app');

const ROOT = path.resolve(__dirname, '../..');
const RATE = Number(process.env.BENCH_RATE ?? 150);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DEMO = { email: 'realtor@reelty.test', password: 'realtor-demo-1' };
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function statFields(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of a process, 0 when it is gone. */
function cpuSeconds(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/** CPU seconds of a server made of short-lived children (PostgreSQL backends): live ones + reaped ones. */
function serverCpuSeconds(comm) {
  const pids = pidsNamed(comm);
  let total = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (!fields) continue;
    total += (Number(fields[11]) + Number(fields[12])) / 100;
    // The root process also carries the time of its children that exited.
    if (!pids.includes(Number(fields[1]))) total += (Number(fields[13]) + Number(fields[14])) / 100;
  }
  return total;
}

/** Pids whose command name is `comm` (PostgreSQL's backends, redis-server). */
function pidsNamed(comm) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Busy and total jiffies of the whole machine. */
function machineTicks() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU % per group (100 % = one core) over a run: a group is a list of pids or a server's command name. */
function cpuSampler(groups) {
  const seconds = (group) =>
    typeof group === 'string' ? serverCpuSeconds(group) : group.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const start = Object.fromEntries(Object.entries(groups).map(([name, g]) => [name, seconds(g)]));
  const startMachine = machineTicks();
  const startedAt = Date.now();
  return () => {
    const elapsed = (Date.now() - startedAt) / 1000;
    const usage = {};
    for (const [name, g] of Object.entries(groups)) usage[name] = round((100 * (seconds(g) - start[name])) / elapsed);
    const machine = machineTicks();
    usage.machine = round(
      (100 * os.cpus().length * (machine.busy - startMachine.busy)) / (machine.total - startMachine.total),
    );
    return usage;
  };
}

function cannon(options) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

async function signIn(base) {
  const cookies = new Map();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const call = async (url, init = {}) => {
    const res = await fetch(base + url, {
      redirect: 'manual',
      ...init,
      headers: { Cookie: jar(), ...(init.headers ?? {}) },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  await call('/', { headers: { Accept: 'text/html' } });
  const login = await call('/login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-XSRF-TOKEN': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify(DEMO),
  });
  if (login.status >= 400) throw new Error(`sign-in failed: ${login.status}`);
  const inertia = {
    Cookie: jar(),
    'X-Inertia': 'true',
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'text/html, application/xhtml+xml',
  };
  const page = await (await call('/dashboard', { headers: inertia })).json();
  return { ...inertia, 'X-Inertia-Version': String(page.version ?? '') };
}

/** A second nginx on the same template, with web-1 as its only upstream (the one-node topology). */
async function singleNodeProxy(cluster) {
  const dir = path.join(cluster.dir, 'nginx-single');
  fs.mkdirSync(dir, { recursive: true });
  const port = 20000 + Math.floor(Math.random() * 20000);
  const web1 = cluster.webUrls[0].slice('http://'.length);
  fs.writeFileSync(
    path.join(dir, 'reelty.conf'),
    renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
      REELTY_PROXY_PORT: `127.0.0.1:${port}`,
      REELTY_WEB_1: web1,
      REELTY_WEB_2: web1,
    }),
  );
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConf(dir).replace(/access_log [^;]+;/, 'access_log off;'));
  const child = spawn(
    NGINX,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return { base: `http://127.0.0.1:${port}`, child };
}

async function main() {
  const started = Date.now();
  console.log('Starting the cluster (two web nodes, a worker, nginx, S3 stand-in; demo data seeded)...');
  const cluster = await startCluster({ webNodes: 2, seedDemo: true });
  let single;
  try {
    // The two-node proxy logs every request for the cluster test; the benchmark turns that off.
    const twoConf = path.join(cluster.dir, 'nginx', 'nginx.conf');
    fs.writeFileSync(twoConf, fs.readFileSync(twoConf, 'utf8').replace(/access_log [^;]+;/, 'access_log off;'));
    process.kill(cluster.processes.nginx.child.pid, 'SIGHUP');
    single = await singleNodeProxy(cluster);
    const pid = (name) => cluster.processes[name].child.pid;
    console.log('Waiting for the demo seed and its jobs to settle...');
    await Promise.all([waitUntilIdle(pid('web-1'), 3), waitUntilIdle(pid('worker'), 3)]);
    const signedIn = await signIn(cluster.base);

    const topologies = [
      { name: '1 web node', base: single.base },
      { name: '2 web nodes', base: cluster.base },
    ];
    const targets = [
      { name: 'feed (GET /api/feed, guest)', path: '/api/feed', headers: { Accept: 'application/json' } },
      { name: 'signed-in page (/dashboard, Inertia JSON)', path: '/dashboard', headers: signedIn },
    ];
    const rows = [];
    for (const target of targets) {
      for (const topology of topologies) {
        const url = topology.base + target.path;
        await cannon({ url, headers: target.headers, duration: 2 }); // warm
        for (const mode of ['fixed', 'max']) {
          const sample = cpuSampler({
            'web-1': [pid('web-1')],
            'web-2': [pid('web-2')],
            nginx: 'nginx',
            postgres: 'postgres',
            redis: 'redis-server',
            'load generator': [process.pid],
          });
          const result = await cannon(
            mode === 'fixed'
              ? { url, headers: target.headers, duration: SECONDS, overallRate: RATE }
              : { url, headers: target.headers, duration: SECONDS },
          );
          const cpu = sample();
          const row = {
            target: target.name,
            topology: topology.name,
            load: mode === 'fixed' ? `${RATE} req/s` : `max, ${CONNECTIONS} conn`,
            rps: round(result.requests.average),
            p50: result.latency.p50,
            p99: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors + result.timeouts,
            cpu,
          };
          rows.push(row);
          console.log(
            `${row.target} | ${row.topology} | ${row.load}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, CPU ${JSON.stringify(cpu)}`,
          );
        }
      }
    }
    const ratio = (target) => {
      const [one, two] = ['1 web node', '2 web nodes'].map((t) =>
        rows.find((r) => r.target === target.name && r.topology === t && r.load.startsWith('max')),
      );
      return { target: target.name, oneNodeRps: one.rps, twoNodesRps: two.rps, speedup: round(two.rps / one.rps, 2) };
    };
    const summary = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        node: process.version,
        loadAverage: os.loadavg().map((l) => round(l, 2)),
      },
      settings: { rate: RATE, seconds: SECONDS, connections: CONNECTIONS },
      rows,
      speedup: targets.map(ratio),
      seconds: round((Date.now() - started) / 1000),
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/cluster-latest.json'), JSON.stringify(summary, null, 2));
    const head = [
      'target',
      'topology',
      'load',
      'req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'CPU % web-1 / web-2 / nginx / pg / redis / loadgen / machine',
    ];
    console.log(`\n| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
    for (const r of rows) {
      const c = r.cpu;
      const cpu = [c['web-1'], c['web-2'], c.nginx, c.postgres, c.redis, c['load generator'], c.machine].join(' / ');
      console.log(`| ${[r.target, r.topology, r.load, r.rps, r.p50, r.p99, r.non2xx + r.errors, cpu].join(' | ')} |`);
    }
    for (const s of summary.speedup)
      console.log(`\n${s.target}: two nodes ${s.twoNodesRps} req/s vs one ${s.oneNodeRps} req/s = ${s.speedup}x`);
    console.log('Written: bench/results/cluster-latest.json');
  } finally {
    single?.child.kill('SIGTERM');
    await cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`Cluster benchmark failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
