// The whole app (createApp on a fresh PostgreSQL database + Redis) in its own process, with a set of
// HLS-sized segments stored through StorageService; or, with `static`, bare express.static serving the
// same directory (the baseline). Prints one JSON line {port, keys, dir} when ready.
require('../support/ts-register');
const { randomBytes } = require('node:crypto');
const { join } = require('node:path');

const [mode, count, kb, dirArg] = process.argv.slice(2);

async function startApp() {
  const { bootTestApp } = require('../../test/support/app');
  const { StorageService } = require('../../src/modules/storage/storage.service');
  const t = await bootTestApp({ LOG_LEVEL: 'error' });
  const storage = t.app.get(StorageService);
  const keys = [];
  for (let i = 0; i < Number(count); i += 1) {
    // MPEG-TS packets start with 0x47; the rest is noise (segments do not compress).
    const bytes = randomBytes(Number(kb) * 1024);
    bytes[0] = 0x47;
    const key = `avatars/bench-media/seg_${String(i).padStart(3, '0')}.ts`;
    await storage.put(key, bytes, 'video/mp2t');
    keys.push(key);
  }
  process.on('disconnect', () => void t.close().finally(() => process.exit(0)));
  return { port: Number(new URL(t.baseUrl).port), keys, dir: join(t.config.storageDir, 'media') };
}

async function startStatic() {
  const express = require('express');
  const app = express();
  // What a plain origin does: ETag, Last-Modified, ranges, 304; the same year of caching.
  app.use('/media', express.static(dirArg, { immutable: true, maxAge: '365d' }));
  const server = await new Promise((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  process.on('disconnect', () => process.exit(0));
  return { port: server.address().port };
}

(mode === 'static' ? startStatic() : startApp())
  .then((info) => process.send(info))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
