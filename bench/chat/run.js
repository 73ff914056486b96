#!/usr/bin/env node
// Chat benchmark (loopback only, bounded). See bench/README.md "## Chat".
//   node bench/chat/run.js [--pairs 500] [--rounds 500] [--concurrency 50] [--burst 2000] [--heavy 10000] [--requests 300] [--timeout 600]
// (1) 2 x --pairs users connected over WebSockets (private user channel + private chat channel), one
//     accepted chat per pair: POST a message as one side, time until the other side's socket receives
//     `message.sent` (end to end: HTTP, validation, the insert transaction with counters, broadcast,
//     WebSocket delivery). --rounds sends one at a time (latency), then --burst sends with
//     --concurrency in flight (messages/s delivered).
// (2) one user with --heavy chats: GET /api/chats/filtered (first and a deep page) and
//     GET /api/chats/unread-count, --requests each, one at a time: p50/p99.
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const WebSocket = require('ws');
const http = require('node:http');
const { parseArgs, abortAfter, latencySummary } = require('../support/common');
const { forkChild } = require('../support/ipc');

const args = parseArgs();
const PAIRS = args.pairs ?? 500;
const ROUNDS = args.rounds ?? 500;
const CONCURRENCY = args.concurrency ?? 50;
const BURST = args.burst ?? 2000;
const HEAVY = args.heavy ?? 10_000;
const REQUESTS = args.requests ?? 300;
const TIMEOUT_S = args.timeout ?? 600;
const KEY = 'bench-key';

const deadline = abortAfter(TIMEOUT_S);

const { child, next } = forkChild(path.join(__dirname, 'server-child.js'), {
  execArgv: process.env.CHAT_BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.CHAT_BENCH_PROFILE] : [],
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let PORT;

/** One request; a keep-alive socket the server closed meanwhile (ECONNRESET) is retried once. */
async function call(method, url, session, body, socketId) {
  try {
    return await callOnce(method, url, session, body, socketId);
  } catch (error) {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
    return callOnce(method, url, session, body, socketId);
  }
}

function callOnce(method, url, session, body, socketId) {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const headers = {
      Accept: 'application/json',
      Cookie: session.cookie,
      'X-XSRF-TOKEN': session.csrf,
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (payload)
      Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    if (socketId) headers['X-Socket-Id'] = socketId;
    const req = http.request({ host: '127.0.0.1', port: PORT, method, path: url, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (res.statusCode >= 400) reject(new Error(`${method} ${url} -> ${res.statusCode} ${text.slice(0, 200)}`));
        else resolve(text ? JSON.parse(text) : null);
      });
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A protocol-7 client subscribed to the user's channel and the chat channel, authorised by POST /broadcasting/auth. */
function connect(session, channels, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/app/${KEY}?protocol=7&client=bench`, { perMessageDeflate: false });
    let pending = channels.length;
    let socketId;
    ws.on('error', reject);
    ws.on('message', async (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.event === 'pusher:connection_established') {
        socketId = JSON.parse(frame.data).socket_id;
        for (const channel of channels) {
          try {
            const { auth } = await call('POST', '/broadcasting/auth', session, {
              socket_id: socketId,
              channel_name: channel,
            });
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
          } catch (error) {
            reject(error);
          }
        }
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        if (--pending === 0) resolve({ ws, socketId });
      } else if (frame.event === 'pusher:error' || frame.event === 'pusher:subscription_error') {
        reject(new Error(raw.toString()));
      } else if (frame.event === 'message.sent') {
        onMessage(JSON.parse(frame.data));
      }
    });
  });
}

const fmt = (n) => n.toFixed(2);
function summary(samples) {
  const s = latencySummary(samples);
  return { n: s.n, p50: fmt(s.p50), p99: fmt(s.p99), max: fmt(s.max) };
}

async function main() {
  child.send({ type: 'noop' });
  PORT = (await next('ready')).port;
  console.log(`app up on 127.0.0.1:${PORT}`);

  // ---- (1) live delivery
  const seeded = next('pairs');
  child.send({ type: 'seedPairs', pairs: PAIRS });
  const { pairs } = await seeded;
  const arrivals = new Map(); // message content -> resolve
  const onMessage = (e) => arrivals.get(e.message.content)?.(performance.now());
  const t0 = performance.now();
  const sockets = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const batch = pairs.slice(i, i + 50);
    const opened = await Promise.all(
      batch.flatMap((p) => [
        connect(p.a, [`private-App.Models.User.${p.a.userId}`, `private-chat.${p.chatId}`], onMessage),
        connect(p.b, [`private-App.Models.User.${p.b.userId}`, `private-chat.${p.chatId}`], onMessage),
      ]),
    );
    batch.forEach((p, j) => {
      p.aSocket = opened[2 * j].socketId;
      sockets.push(opened[2 * j].ws, opened[2 * j + 1].ws);
    });
  }
  console.log(
    `${sockets.length} clients connected and subscribed (${sockets.length * 2} subscriptions) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  let seq = 0;
  async function sendOne(p) {
    const content = `m${(seq += 1)}`;
    const received = new Promise((resolve) => arrivals.set(content, resolve));
    const start = performance.now();
    await call('POST', `/api/chats/${p.chatId}/messages`, p.a, { content }, p.aSocket);
    const answered = performance.now();
    const at = await received;
    arrivals.delete(content);
    httpTimes.push(answered - start);
    return at - start;
  }
  const httpTimes = [];

  // Warm-up (JIT, pools).
  for (let i = 0; i < 50; i += 1) await sendOne(pairs[i % pairs.length]);
  const latencies = [];
  for (let i = 0; i < ROUNDS; i += 1) latencies.push(await sendOne(pairs[i % pairs.length]));
  const lat = summary(latencies);
  const post = summary(httpTimes.slice(-ROUNDS));
  console.log(
    `send -> receipt, one at a time (${lat.n}): p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms (the POST's own answer: p50 ${post.p50} ms, p99 ${post.p99} ms)`,
  );

  let index = 0;
  const burstLatencies = [];
  const burstStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (index < BURST) {
        const p = pairs[index++ % pairs.length];
        burstLatencies.push(await sendOne(p));
      }
    }),
  );
  const burstSeconds = (performance.now() - burstStart) / 1000;
  const bl = summary(burstLatencies);
  console.log(
    `burst of ${BURST} with ${CONCURRENCY} in flight: ${(BURST / burstSeconds).toFixed(0)} messages/s delivered; send -> receipt p50 ${bl.p50} ms, p99 ${bl.p99} ms`,
  );
  sockets.forEach((ws) => ws.terminate());

  // ---- (2) chat list and unread count with many chats
  const heavySeeded = next('heavy');
  const seedStart = performance.now();
  child.send({ type: 'seedHeavy', count: HEAVY });
  const heavy = await heavySeeded;
  console.log(`seeded one user with ${HEAVY} chats in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const total = (await call('GET', '/api/chats/unread-count', heavy.session)).count;
  const deepPage = Math.max(
    1,
    Math.floor((await call('GET', '/api/chats/filtered?type=chats&page=1', heavy.session)).data.last_page / 2),
  );
  for (const [name, url] of [
    ['GET /api/chats/filtered?type=chats&page=1', '/api/chats/filtered?type=chats&page=1'],
    [`GET /api/chats/filtered?type=chats&page=${deepPage}`, `/api/chats/filtered?type=chats&page=${deepPage}`],
    ['GET /api/chats/filtered?type=requested&page=1', '/api/chats/filtered?type=requested&page=1'],
    ['GET /api/chats/unread-count', '/api/chats/unread-count'],
  ]) {
    for (let i = 0; i < 20; i += 1) await call('GET', url, heavy.session);
    const samples = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      await call('GET', url, heavy.session);
      samples.push(performance.now() - start);
    }
    const s = summary(samples);
    console.log(`${name} (${HEAVY} chats, ${s.n} requests): p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms`);
  }
  console.log(`(unread total for that user: ${total})`);
  console.log('\nquery plans:\n' + Object.values(heavy.plans).join('\n\n'));

  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'exit' });
  await exited;
  clearTimeout(deadline);
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  child.kill();
  process.exit(1);
});
