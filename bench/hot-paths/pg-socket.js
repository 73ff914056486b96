#!/usr/bin/env node
// What one statement costs the app's side over loopback TCP against PostgreSQL's Unix socket on the same host:
// 5,000 sequential `SELECT $1::int` on one pg client after 500 warm-up, client CPU (user + system) and wall time
// per statement, twice each, alternating.
//
//   node bench/hot-paths/pg-socket.js            (PGSOCKETDIR: /var/run/postgresql by default)
const { Client } = require('pg');
async function run(label, cfg) {
  const c = new Client(cfg);
  await c.connect();
  for (let i = 0; i < 500; i++) await c.query('SELECT $1::int AS n', [i]);
  const n = 5000,
    cpu0 = process.cpuUsage(),
    t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await c.query('SELECT $1::int AS n', [i]);
  const cpu = process.cpuUsage(cpu0),
    ms = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(
    label,
    'client CPU us/query',
    ((cpu.user + cpu.system) / n).toFixed(1),
    '(sys',
    (cpu.system / n).toFixed(1) + ')',
    'wall us/query',
    ((ms * 1000) / n).toFixed(1),
  );
  await c.end();
}
(async () => {
  for (let r = 0; r < 2; r++) {
    await run('tcp 127.0.0.1 ', { host: '127.0.0.1', user: 'postgres', database: 'postgres' });
    await run('unix socket   ', {
      host: process.env.PGSOCKETDIR ?? '/var/run/postgresql',
      user: 'postgres',
      database: 'postgres',
    });
  }
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
