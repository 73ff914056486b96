#!/usr/bin/env node
// Arena benchmark. See bench/README.md "## Arena".
//   node bench/arena/run.js
// 1. votes: the app (bench/arena/server.js) runs in its own process; this process is the load generator: 1,000
//    signed-in voter sessions vote on 20 live battles at once (each voter casts 3 votes one after another, all
//    voters concurrently), while BENCH_WATCHERS pusher-js clients (own WebSocket each, subscribed to every
//    battle's presence channel) time each vote from request to the broadcast of its count.
//    Baseline in the same run: a bench-only endpoint that broadcasts to the same channels with no database work,
//    sent the same way (one sender per voter session, 3 each).
// 2. matchmaker (bench/arena/matchmaker.js, own process): one pass over 10,000 queued entries, pure and through
//    the Redis sorted set, against a naive scan baseline.
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const Pusher = require('pusher-js');

const VOTES_PER_VOTER = 3;
/** Voter sessions voting at once (default: every voter). */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 1000);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10);
const loadAverage = () =>
  require('node:os')
    .loadavg()
    .map((n) => +n.toFixed(1));

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1)
    : null;
};
const now = () => Number(process.hrtime.bigint()) / 1e6;

function cookieJar() {
  const jar = new Map();
  return {
    keep(res) {
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair.split('=');
        jar.set(name, value.join('='));
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    xsrf: () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  };
}

/** A signed-in session's headers for a JSON request. */
const jsonHeaders = (jar) => ({
  Cookie: jar.header(),
  'X-XSRF-TOKEN': jar.xsrf(),
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

async function signIn(baseUrl, userId) {
  const jar = cookieJar();
  const first = await fetch(`${baseUrl}/login`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
  await first.text();
  jar.keep(first);
  const res = await fetch(`${baseUrl}/bench/arena/login/${userId}`, {
    method: 'POST',
    headers: { Cookie: jar.header(), 'X-XSRF-TOKEN': jar.xsrf(), Accept: 'application/json' },
  });
  if (res.status !== 200) throw new Error(`bench login ${res.status} ${await res.text()}`);
  jar.keep(res);
  return jar;
}

/**
 * fetch with one retry when the connection fails before any answer (with 1,000 sessions at once a kept-alive socket
 * the server has just closed answers ECONNRESET); a retried vote that had landed answers 409, counted as such.
 */
const network = { retries: 0 };
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    network.retries++;
    await new Promise((r) => setTimeout(r, 50));
    return fetch(url, init);
  }
}

async function pool(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

function startServer() {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE=<dir> writes the app process's CPU profile there (node --cpu-prof) when it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, path.join(__dirname, 'server.js')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('{"baseUrl"'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** CPU time (user + system) a process has used so far, in ms (from /proc; 100 ticks a second). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** One pusher-js client (its own WebSocket) subscribed to every battle's presence channel, signed in as `jar`. */
async function watch(baseUrl, key, jar, battles) {
  const pusher = new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: Number(new URL(baseUrl).port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(`${baseUrl}/broadcasting/auth`, {
          method: 'POST',
          headers: jsonHeaders(jar),
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        })
          .then((r) => r.json())
          .then(
            (body) => callback(null, body),
            (error) => callback(error, null),
          );
      },
    },
  });
  const seen = new Map(); // `${battle}:${total}` -> time this watcher saw that count
  const pings = new Map(); // seq -> time seen
  await Promise.all(
    battles.map(
      (id) =>
        new Promise((resolve) => {
          const channel = pusher.subscribe(`presence-arena.battle.${id}`);
          channel.bind('pusher:subscription_succeeded', resolve);
          channel.bind('battle.votes', (e) => {
            const k = `${id}:${e.total}`;
            if (!seen.has(k)) seen.set(k, now());
          });
          channel.bind('bench.ping', (e) => pings.set(e.seq, now()));
        }),
    ),
  );
  return { pusher, seen, pings };
}

async function votes() {
  const { child, info } = await startServer();
  try {
    const { baseUrl, battles, voters } = info;
    const watcherJar = await signIn(baseUrl, info.watcher);
    const watchers = [];
    for (let w = 0; w < WATCHERS; w++)
      watchers.push(
        await watch(baseUrl, info.key, w === 0 ? watcherJar : await signIn(baseUrl, info.watchers[w]), battles),
      );

    const signInStarted = now();
    const jars = new Array(voters.length);
    await pool(
      voters.map((id, i) => [id, i]),
      50,
      async ([id, i]) => (jars[i] = await signIn(baseUrl, id)),
    );
    const signInMs = now() - signInStarted;

    // Baseline: broadcast to the same channels with no database work, sent as the votes are (one sender per voter
    // session, 3 each, IN_FLIGHT sessions at once).
    const loadBefore = loadAverage();
    const pingSent = new Map();
    const pingStarted = now();
    const pingCpu = cpuMs(child.pid);
    await pool(
      voters.map((_, i) => i),
      IN_FLIGHT,
      async (i) => {
        for (let k = 0; k < VOTES_PER_VOTER; k++) {
          const seq = i * VOTES_PER_VOTER + k;
          pingSent.set(seq, now());
          await send(`${baseUrl}/bench/arena/ping/${battles[seq % battles.length]}/${seq}`, {
            method: 'POST',
            headers: { Cookie: watcherJar.header(), 'X-XSRF-TOKEN': watcherJar.xsrf() },
          }).then((r) => r.text());
        }
      },
    );
    const pingEnded = now();
    const pingCpuMs = cpuMs(child.pid) - pingCpu;
    await new Promise((r) => setTimeout(r, 1000));
    const pingLatency = [];
    for (const w of watchers)
      for (const [seq, t0] of pingSent) if (w.pings.has(seq)) pingLatency.push(w.pings.get(seq) - t0);

    // The votes: every voter on 3 battles, one after another; IN_FLIGHT voters at once.
    const sent = [];
    const http = [];
    const statuses = {};
    const started = now();
    const voteCpu = cpuMs(child.pid);
    await pool(
      voters.map((_, i) => i),
      IN_FLIGHT,
      async (i) => {
        for (let k = 0; k < VOTES_PER_VOTER; k++) {
          const battle = battles[(i + k * 7) % battles.length];
          const jar = jars[i];
          const t0 = now();
          const res = await send(`${baseUrl}/api/arena/battles/${battle}/votes`, {
            method: 'POST',
            headers: { ...jsonHeaders(jar), 'X-Forwarded-For': `10.${(i >> 8) & 255}.${i & 255}.1` },
            body: JSON.stringify({ choice: ['left', 'right', 'tie', 'both_bad'][(i + battle.charCodeAt(0)) % 4] }),
          });
          const body = await res.json();
          http.push(now() - t0);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 201) sent.push({ key: `${battle}:${body.battle.counts.total}`, t0 });
        }
      },
    );
    const wallMs = now() - started;
    const voteCpuMs = cpuMs(child.pid) - voteCpu;
    const pingWallMs = pingEnded - pingStarted;
    const loadAfter = loadAverage();
    await new Promise((r) => setTimeout(r, 1000));
    const broadcast = [];
    for (const w of watchers) for (const v of sent) if (w.seen.has(v.key)) broadcast.push(w.seen.get(v.key) - v.t0);
    for (const w of watchers) w.pusher.disconnect();
    const votes = voters.length * VOTES_PER_VOTER;
    return {
      voters: voters.length,
      concurrentVoters: Math.min(IN_FLIGHT, voters.length),
      battles: battles.length,
      watchers: WATCHERS,
      votes,
      statuses,
      networkRetries: network.retries,
      signInSeconds: +(signInMs / 1000).toFixed(1),
      votesPerSecond: Math.round((votes / wallMs) * 1000),
      serverCpuMsPerVote: +(voteCpuMs / votes).toFixed(2),
      httpP50Ms: pct(http, 50),
      httpP99Ms: pct(http, 99),
      voteToBroadcast: {
        expected: sent.length * WATCHERS,
        received: broadcast.length,
        p50Ms: pct(broadcast, 50),
        p99Ms: pct(broadcast, 99),
      },
      baselinePingToBroadcast: {
        pingsPerSecond: Math.round((pingSent.size / pingWallMs) * 1000),
        serverCpuMsPerPing: +(pingCpuMs / pingSent.size).toFixed(2),
        expected: pingSent.size * WATCHERS,
        received: pingLatency.length,
        p50Ms: pct(pingLatency, 50),
        p99Ms: pct(pingLatency, 99),
      },
      p99VsBaseline: +(pct(broadcast, 99) / pct(pingLatency, 99)).toFixed(2),
      cpuPerVoteVsPing: +(voteCpuMs / votes / (pingCpuMs / pingSent.size)).toFixed(2),
      serverPeakRssMb: peakRssMb(child.pid),
      loadGeneratorPeakRssMb: peakRssMb(process.pid),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
}

(async () => {
  const summary = { votes: await votes() };
  const out = execFileSync(process.execPath, [path.join(__dirname, 'matchmaker.js')], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  summary.matchmaker = JSON.parse(out.trim().split('\n').pop());
  summary.loadAverage = loadAverage();
  console.log(JSON.stringify(summary, null, 2));
  const dir = path.join(__dirname, '..', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'arena-latest.json'),
    JSON.stringify({ at: new Date().toISOString(), ...summary }, null, 2),
  );
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
