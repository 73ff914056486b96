#!/usr/bin/env node
// Designer benchmark (loopback only, bounded). See bench/README.md "## Designer".
//   node bench/designer/run.js [--runs 5] [--jobs 24] [--timeout 600]
// (1) local engine time for a 1024x768 and a 4032x3024 photo (decode+orient+resize, restyle, 2x upscale);
// (2) generate jobs per second through BullMQ with one and two worker processes (each runs the
//     designs queue at its configured concurrency, 2), end to end: upload, credits, job, files, DB;
// (3) progress event delay from the job's report (Broadcaster call in the worker) to a pusher-js
//     socket on the web node (through Redis), p50/p99.
require('../support/ts-register');
require('reflect-metadata');
const { fork } = require('node:child_process');
const path = require('node:path');
const sharp = require('sharp');
const Pusher = require('pusher-js');
const { benchEnv } = require('./env');
const { parseArgs, abortAfter, percentile } = require('../support/common');

const args = parseArgs();
const RUNS = args.runs ?? 5;
const JOBS = args.jobs ?? 24;
const TIMEOUT_S = args.timeout ?? 600;
const deadline = abortAfter(TIMEOUT_S);

const median = (values) => percentile(values, 50);
const ms = (n) => `${n.toFixed(0)} ms`;

function roomPhoto(width, height) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3"/><feColorMatrix type="saturate" values="0"/></filter></defs>
    <rect width="100%" height="100%" fill="#c9bfae"/>
    <rect y="${Math.round(height * 0.62)}" width="100%" height="${Math.round(height * 0.38)}" fill="#7a5b43"/>
    <rect x="${Math.round(width * 0.3)}" y="${Math.round(height * 0.15)}" width="${Math.round(width * 0.3)}" height="${Math.round(height * 0.3)}" fill="#e8f2ff"/>
    <rect x="${Math.round(width * 0.1)}" y="${Math.round(height * 0.5)}" width="${Math.round(width * 0.35)}" height="${Math.round(height * 0.2)}" fill="#55606e"/>
    <rect width="100%" height="100%" filter="url(#n)" opacity="0.25"/>
  </svg>`;
  // Photo-like: noise so JPEG sizes and decode costs resemble a camera's.
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function engineBench() {
  const { restyle, upscale2x } = require('../../src/modules/designs/providers/local-engine');
  const { WORKING_MAX_SIDE } = require('../../src/modules/designs/designs.constants');
  const rows = [];
  for (const [w, h] of [
    [1024, 768],
    [4032, 3024],
  ]) {
    const photo = await roomPhoto(w, h);
    const t = { load: [], restyle: [], upscale: [], total: [] };
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const { data } = await sharp(photo)
        .rotate()
        .resize({ width: WORKING_MAX_SIDE, height: WORKING_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 92 })
        .toBuffer({ resolveWithObject: true });
      const t1 = performance.now();
      const styled = await restyle({
        image: data,
        options: { roomType: 'Living room', theme: 'Scandinavian', colors: 'Warm neutrals' },
        seed: i,
      });
      const t2 = performance.now();
      const hd = await upscale2x(styled.image);
      const t3 = performance.now();
      if (i === 0) continue; // warm-up
      t.load.push(t1 - t0);
      t.restyle.push(t2 - t1);
      t.upscale.push(t3 - t2);
      t.total.push(t3 - t0);
      if (i === RUNS)
        rows.push({
          input: `${w}x${h} (${(photo.length / 1024).toFixed(0)} KB)`,
          output: `${styled.width}x${styled.height} + ${hd.width}x${hd.height}`,
          ...Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)])),
        });
    }
  }
  console.log(`\n(1) Local engine, median of ${RUNS} runs after a warm-up`);
  console.table(
    rows.map((r) => ({
      input: r.input,
      output: r.output,
      'decode+resize': ms(r.load),
      restyle: ms(r.restyle),
      'upscale 2x': ms(r.upscale),
      total: ms(r.total),
    })),
  );
  return rows;
}

function startWorker(env) {
  const child = fork(path.join(__dirname, 'worker-child.js'), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => (m.type === 'ready' ? resolve(child) : reject(new Error('worker failed'))));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

function stopWorker(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.send({ type: 'stop' });
  });
}

async function pipelineBench() {
  const env = benchEnv();
  Object.assign(process.env, env);
  const { createApp } = require('../../src/app');
  const { loadConfig } = require('../../src/config/app-config');
  const { resolveRuntime, ensureDatabase } = require('../../src/config/runtime');
  const { RealtimeGateway } = require('../../src/modules/realtime/realtime.gateway');
  const { ChannelAuthSigner } = require('../../src/modules/realtime/core');
  const { CreditsService } = require('../../src/modules/credits/credits.service');
  const { DesignsService } = require('../../src/modules/designs/designs.service');
  const { JobsService } = require('../../src/modules/jobs/jobs.service');
  const { User } = require('../../src/modules/users/user.entity');
  const { getDataSourceToken } = require('@nestjs/typeorm');
  const { Client } = require('pg');

  await ensureDatabase(env.DATABASE_URL);
  const config = loadConfig(process.env);
  const runtime = await resolveRuntime(config);
  // The web node: HTTP + WebSockets, no workers (RUN_WORKERS=false).
  const app = await createApp(config, runtime, { runWorkers: false, redisPrefix: env.REDIS_PREFIX });
  await app.listen(0, '127.0.0.1');
  await app.get(RealtimeGateway).attach(app.getHttpServer());
  const port = app.getHttpServer().address().port;
  const db = app.get(getDataSourceToken());
  const users = db.getRepository(User);
  const user = await users.save(
    users.create({
      name: 'Bench',
      email: `bench-${Date.now()}@example.test`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    }),
  );
  await app.get(CreditsService).grant(user.id, 10_000, 'bench');
  const signer = new ChannelAuthSigner({
    appId: env.BROADCAST_APP_ID,
    key: env.BROADCAST_KEY,
    secret: env.BROADCAST_SECRET,
  });
  const pusher = new Pusher(env.BROADCAST_KEY, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/x',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, cb) => cb(null, signer.sign(socketId, channelName)),
    },
  });
  await new Promise((resolve) => pusher.connection.bind('connected', resolve));
  const photo = await roomPhoto(1024, 768);
  const queue = app.get(JobsService).bullQueue('designs');
  const designs = app.get(DesignsService);
  const results = [];

  for (const workers of [1, 2]) {
    const children = [];
    for (let i = 0; i < workers; i++) children.push(await startWorker(env));
    await queue.pause();
    const created = [];
    for (let i = 0; i < JOBS; i++) {
      created.push(
        await designs.generate(
          user,
          { buffer: photo, size: photo.length },
          { options: { roomType: 'Bedroom', theme: 'Coastal' } },
        ),
      );
    }
    const delays = [];
    let generated = 0;
    let resumedAt = 0;
    let lastAt = 0;
    const finished = new Promise((resolve) => {
      for (const d of created) {
        const channel = pusher.subscribe(`private-design.${d.id}`);
        channel.bind('design.progress', (e) => delays.push(Date.now() - e.sent_at));
        channel.bind('design.generated', (e) => {
          delays.push(Date.now() - e.sent_at);
          generated++;
          lastAt = performance.now();
          if (generated === created.length) resolve();
        });
      }
    });
    await new Promise((r) => setTimeout(r, 500)); // subscriptions
    resumedAt = performance.now();
    await queue.resume();
    await finished;
    const seconds = (lastAt - resumedAt) / 1000;
    results.push({
      workers,
      jobs: JOBS,
      seconds,
      perSecond: JOBS / seconds,
      events: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: Math.max(...delays),
    });
    for (const d of created) pusher.unsubscribe(`private-design.${d.id}`);
    for (const child of children) await stopWorker(child);
  }

  console.log(
    `\n(2) Generate jobs through BullMQ (1024x768 photo, local engine, designs concurrency 2 per worker process), ${JOBS} jobs`,
  );
  console.table(
    results.map((r) => ({
      'worker processes': r.workers,
      jobs: r.jobs,
      seconds: r.seconds.toFixed(2),
      'jobs/s': r.perSecond.toFixed(2),
    })),
  );
  console.log('\n(3) Progress event delay, job report → pusher-js socket on the web node (via Redis)');
  console.table(
    results.map((r) => ({
      'worker processes': r.workers,
      events: r.events,
      p50: ms(r.p50),
      p99: ms(r.p99),
      max: ms(r.max),
    })),
  );

  pusher.disconnect();
  await app.close();
  await runtime.stop();
  const admin = new Client({
    connectionString: process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(env.DATABASE_URL).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
  require('node:fs').rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  return results;
}

(async () => {
  console.log(
    `node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${require('node:os').cpus().length} CPUs (${require('node:os').cpus()[0].model})`,
  );
  await engineBench();
  await pipelineBench();
  clearTimeout(deadline);
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
