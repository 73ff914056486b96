#!/usr/bin/env node
/**
 * Reelty as a small cluster on one machine, from the built app (`npm run build` first):
 *   nginx (docker/nginx/reelty.conf.template)  round robin over the web nodes, WebSockets, streamed uploads
 *   web-1, web-2   node dist/src/main.js, RUN_WORKERS=false, TRUST_PROXY=1
 *   worker         node dist/src/worker.js (every queue)
 *   s3             test/support/fake-s3.js, a local stand-in for the S3-compatible store (STORAGE_DRIVER=s3)
 *   PostgreSQL and Redis: the local servers (a fresh database per cluster, Redis database 14 emptied first).
 *
 *   npm run cluster:up      starts it in the background and prints the address (state in .cluster/)
 *   npm run cluster:down    stops what `up` started and drops its database
 *
 * Used as a module by the cluster test and benchmark: `startCluster(options)` resolves with handles to each
 * process (`kill(name, signal)`, `start(name)`) and `stop()`.
 *
 * Environment: CLUSTER_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_REDIS_URL
 * (redis://127.0.0.1:6379/14), CLUSTER_PORT (the proxy's port; 8080 for `up`, a free one otherwise),
 * CLUSTER_WEB_NODES (2), CLUSTER_SEED_DEMO (true for `up`).
 */
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const TEMPLATE = path.join(ROOT, 'docker/nginx/reelty.conf.template');
const STATE_DIR = path.join(ROOT, '.cluster');
const STATE_FILE = path.join(STATE_DIR, 'state.json');
const POSTGRES_ADMIN_URL = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
const NGINX = process.env.NGINX_BIN ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Fills `${NAME}` from `vars` the way the nginx image's envsubst does (unknown names stay as they are). */
function renderTemplate(text, vars) {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** The main nginx.conf around the shared server template, with every path inside `prefix`. */
function nginxMainConf(prefix) {
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  # Which node served what (the cluster test reads it): method, path, status, upstream, the client's tag.
  log_format reelty '$request_method $request_uri $status $upstream_addr $http_x_test_tag';
  access_log ${prefix}/access.log reelty;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/reelty.conf;
}
`;
}

async function waitFor(what, probe, timeoutMs, child) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
    await sleep(150);
  }
}

const answers = (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((res) => res.ok);
/** Whether what a process wrote since it was (re)started matches (its log file is appended to across restarts). */
const logSays =
  ({ log, logFrom }, pattern) =>
  async () =>
    pattern.test(fs.readFileSync(log).subarray(logFrom).toString('utf8'));

/**
 * Starts the cluster. Options: webNodes (1 or 2), seedDemo, proxyPort, detached (processes outlive this one),
 * env (extra settings for the app processes), dir (logs and files; a temp dir by default).
 */
async function startCluster(options = {}) {
  const webNodes = options.webNodes ?? Number(process.env.CLUSTER_WEB_NODES ?? 2);
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'reelty-cluster-'));
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  if (!fs.existsSync(path.join(ROOT, 'dist/src/main.js'))) throw new Error('Run `npm run build` first.');

  const { Client } = require('pg');
  const Redis = require('ioredis');
  const dbName = `reelty_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  const databaseUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${dbName}` }).toString();

  const proxyPort = options.proxyPort ?? (await freePort());
  const s3Port = await freePort();
  const webPorts = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${proxyPort}`;
  const processes = {};
  const cluster = {
    base,
    dir,
    dbName,
    databaseUrl,
    redisUrl: REDIS_URL,
    s3Url: `http://127.0.0.1:${s3Port}`,
    accessLog: path.join(dir, 'nginx', 'access.log'),
    webPorts: webPorts.slice(0, webNodes),
    webUrls: webPorts.slice(0, webNodes).map((port) => `http://127.0.0.1:${port}`),
    broadcastKey: 'reelty-cluster',
    processes,
  };

  const appEnv = { ...process.env };
  for (const name of Object.keys(appEnv))
    if (/^(DATABASE_|REDIS_|LOCAL_|APP_|SEED_|LOG_LEVEL$|RUN_WORKERS$|STORAGE_|S3_|BROADCAST_|PORT$|HOST$)/.test(name))
      delete appEnv[name];
  Object.assign(appEnv, {
    NODE_ENV: 'production',
    APP_URL: base,
    APP_KEY: options.appKey ?? randomBytes(36).toString('base64'),
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    STORAGE_DIR: path.join(dir, 'storage'),
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: cluster.s3Url,
    S3_BUCKET: 'reelty',
    S3_ACCESS_KEY_ID: 'cluster',
    S3_SECRET_ACCESS_KEY: 'cluster-secret',
    BROADCAST_KEY: cluster.broadcastKey,
    LOG_LEVEL: 'info',
    ...(options.env ?? {}),
  });

  const launch = (name, args, env) => {
    const log = path.join(logs, `${name}.log`);
    const logFrom = fs.existsSync(log) ? fs.statSync(log).size : 0;
    const out = fs.openSync(log, 'a');
    const child = spawn(args[0], args.slice(1), {
      cwd: ROOT,
      env,
      stdio: ['ignore', out, out],
      detached: !!options.detached,
    });
    fs.closeSync(out);
    if (options.detached) child.unref();
    processes[name] = { child, args, env, log, logFrom };
    return child;
  };
  const node = process.execPath;
  const webEnv = (index) => ({
    ...appEnv,
    PORT: String(webPorts[index]),
    HOST: '127.0.0.1',
    RUN_WORKERS: 'false',
    TRUST_PROXY: '1',
    SEED_DEMO: index === 0 && options.seedDemo ? 'true' : 'false',
  });
  const starters = {
    s3: () =>
      launch(
        's3',
        [node, 'test/support/fake-s3.js', '--port', String(s3Port), '--dir', path.join(dir, 's3')],
        process.env,
      ),
    'web-1': () => launch('web-1', [node, 'dist/src/main.js'], webEnv(0)),
    'web-2': () => launch('web-2', [node, 'dist/src/main.js'], webEnv(1)),
    worker: () => launch('worker', [node, 'dist/src/worker.js'], { ...appEnv, SEED_DEMO: 'false' }),
  };
  const ready = {
    s3: () => waitFor('s3', logSays(processes.s3, /listening/), 10_000, processes.s3.child),
    'web-1': () =>
      waitFor('web-1', () => answers(`http://127.0.0.1:${webPorts[0]}/health`), 240_000, processes['web-1'].child),
    'web-2': () =>
      waitFor('web-2', () => answers(`http://127.0.0.1:${webPorts[1]}/health`), 120_000, processes['web-2'].child),
    worker: () => waitFor('worker', logSays(processes.worker, /worker is up/), 120_000, processes.worker.child),
  };
  /** (Re)starts one process and waits until it answers. */
  cluster.start = async (name) => {
    starters[name]();
    await ready[name]();
  };
  cluster.kill = (name, signal = 'SIGKILL') => {
    const { child } = processes[name];
    if (child.exitCode !== null || child.signalCode) return Promise.resolve();
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    return gone;
  };

  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(nginxDir, { recursive: true });
  const webs = cluster.webUrls.map((url) => url.slice('http://'.length));
  fs.writeFileSync(
    path.join(nginxDir, 'reelty.conf'),
    renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
      REELTY_PROXY_PORT: `127.0.0.1:${proxyPort}`,
      REELTY_WEB_1: webs[0],
      REELTY_WEB_2: webs[1] ?? webs[0],
    }),
  );
  fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxMainConf(nginxDir));

  try {
    await cluster.start('s3');
    // The first web node migrates (and seeds); the others start once the schema is there.
    await cluster.start('web-1');
    await Promise.all([...(webNodes > 1 ? [cluster.start('web-2')] : []), cluster.start('worker')]);
    const nginx = launch(
      'nginx',
      [
        NGINX,
        '-p',
        nginxDir,
        '-e',
        path.join(nginxDir, 'error.log'),
        '-c',
        path.join(nginxDir, 'nginx.conf'),
        '-g',
        'daemon off;',
      ],
      process.env,
    );
    await waitFor('nginx', () => answers(`${base}/health`), 10_000, nginx);
  } catch (error) {
    await stopProcesses(processes);
    await dropDatabase(dbName);
    const tails = Object.entries(processes).map(([name, p]) => `--- ${name}\n${tail(p.log)}`);
    throw new Error(`${error.message}\n${tails.join('\n')}`);
  }

  cluster.stop = async () => {
    await stopProcesses(processes);
    await dropDatabase(dbName);
    if (!options.dir && !options.keepDir) fs.rmSync(dir, { recursive: true, force: true });
  };
  return cluster;
}

function tail(file, bytes = 3000) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '';
  }
}

/** SIGTERM to every process (nginx first), SIGKILL for whatever is still up 15 s later. */
async function stopProcesses(processes) {
  const order = ['nginx', 'web-1', 'web-2', 'worker', 's3'].filter((name) => processes[name]);
  await Promise.all(
    order.map(async (name) => {
      const { child } = processes[name];
      if (child.exitCode !== null || child.signalCode) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }),
  );
}

async function dropDatabase(dbName) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

async function up() {
  if (fs.existsSync(STATE_FILE)) throw new Error('A cluster is already up (npm run cluster:down first).');
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const cluster = await startCluster({
    detached: true,
    dir: STATE_DIR,
    proxyPort: Number(process.env.CLUSTER_PORT ?? 8080),
    seedDemo: (process.env.CLUSTER_SEED_DEMO ?? 'true') === 'true',
  });
  const pids = Object.fromEntries(Object.entries(cluster.processes).map(([name, p]) => [name, p.child.pid]));
  fs.writeFileSync(STATE_FILE, JSON.stringify({ base: cluster.base, dbName: cluster.dbName, pids }, null, 2));
  console.log(`Reelty cluster is up at ${cluster.base} (web nodes ${cluster.webUrls.join(', ')}, S3 ${cluster.s3Url})`);
  console.log(`Logs in ${path.relative(ROOT, STATE_DIR)}/logs; stop it with: npm run cluster:down`);
}

async function down() {
  if (!fs.existsSync(STATE_FILE)) return console.log('No cluster is up.');
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const pid of Object.values(state.pids)) if (alive(pid)) process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && Object.values(state.pids).some(alive); i++) await sleep(150);
  for (const pid of Object.values(state.pids)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await dropDatabase(state.dbName);
  fs.rmSync(STATE_DIR, { recursive: true, force: true });
  console.log('Reelty cluster stopped.');
}

module.exports = { startCluster, renderTemplate, nginxMainConf, NGINX, TEMPLATE };

if (require.main === module) {
  const command = process.argv[2];
  const run = command === 'up' ? up : command === 'down' ? down : null;
  if (!run) {
    console.error('usage: node bench/cluster/cluster.js up|down');
    process.exit(64);
  }
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
