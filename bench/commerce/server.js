// The app under test for bench/commerce/run.js, in its own process: boots the real application (migrations,
// workers, local test-mode payment provider) on a fresh database and prints "LISTENING <port>".
require('../support/ts-register');
const { bootApp } = require('../support/common');

bootApp(
  process.env.DATABASE_URL,
  'commerce',
  { NODE_ENV: 'production', STORAGE_DIR: process.env.STORAGE_DIR },
  { runWorkers: true, redisPrefix: process.env.BENCH_PREFIX },
)
  .then(({ base, close }) => {
    console.log(`LISTENING ${new URL(base).port}`);
    process.on('SIGTERM', async () => {
      await close();
      process.exit(0);
    });
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
