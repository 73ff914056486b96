#!/usr/bin/env node
// The checks `npm test` runs before Jest, in two lanes side by side: each step is one single-threaded process
// (eslint, prettier, tsc, nest build), so on CI's two cores two lanes take about half the time of one. Within a
// lane the order holds (the bundle budget reads the Vite build). Each step's output is printed when it ends, with
// its time; the script fails if any step failed (the other lane still finishes, so one run shows every failure).
const { spawn } = require('node:child_process');

const LANES = [
  ['node scripts/docs-paths.js', 'npm run lint', 'npm run typecheck', 'npm run typecheck:client'],
  ['npm run format:check', 'npm run build', 'node bench/client/budget.js', 'node scripts/openapi-current.js'],
];

function run(command) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`\n==> ${command} (${seconds} s)${ok ? '' : ` FAILED (${signal ?? `exit ${code}`})`}\n`);
      process.stdout.write(Buffer.concat(output));
      done(ok);
    });
  });
}

async function lane(steps) {
  for (const step of steps) if (!(await run(step))) return false;
  return true;
}

const started = Date.now();
Promise.all(LANES.map(lane)).then((results) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = results.every(Boolean);
  process.stdout.write(`\n==> checks before Jest ${ok ? 'passed' : 'FAILED'} in ${seconds} s\n`);
  process.exit(ok ? 0 : 1);
});
