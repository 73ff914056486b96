// Shared settings of the designer benchmark: one throwaway database and Redis prefix per run,
// local storage in a temp dir, the built-in WebSocket server, the local engine.
const { randomBytes } = require('node:crypto');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

function benchEnv() {
  const tag = randomBytes(4).toString('hex');
  const admin = new URL(process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  admin.pathname = `/reelty_bench_${tag}`;
  return {
    NODE_ENV: 'test',
    APP_KEY: 'bench-key-0123456789abcdefghijklmnopqrstuvwxyz',
    DATABASE_URL: admin.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'reelty-bench-')),
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    BROADCAST_KEY: 'bench-key',
    BROADCAST_SECRET: 'bench-secret',
    BROADCAST_APP_ID: 'bench',
    DESIGN_PROVIDER: 'local',
    DESIGN_CREDIT_COST: '1',
    REDIS_PREFIX: `bench:${tag}`,
  };
}

module.exports = { benchEnv };
