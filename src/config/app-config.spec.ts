import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({ STORAGE_DIR: mkdtempSync(join(tmpdir(), 'reelty-config-')) });
    expect(config).toMatchObject({
      appName: 'Reelty',
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: null,
      redisUrl: null,
      env: 'development',
    });
    expect(config.broadcasting).toMatchObject({
      driver: 'builtin',
      cluster: 'us3',
      activityTimeout: 120,
      clusterHeartbeatMs: 1_000,
      nodeTtlMs: 4_000,
    });
    expect(config.appKey.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number between 1 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must use postgres/],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL is not a valid URL/],
    [{ BROADCAST_DRIVER: 'carrier-pigeon' }, /BROADCAST_DRIVER must be one of builtin, pusher, log/],
    [{ SESSION_SECURE_COOKIE: 'maybe' }, /SESSION_SECURE_COOKIE must be true or false/],
    [{ NODE_ENV: 'production' }, /APP_KEY must be set/],
    [{ BROADCAST_CLUSTER_HEARTBEAT_MS: '1000', BROADCAST_NODE_TTL_MS: '2999' }, /BROADCAST_NODE_TTL_MS .* 3000 and/],
  ])('fails fast with one clear sentence for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads every group from the environment', () => {
    const config = loadConfig({
      APP_NAME: 'Homes',
      PORT: '8080',
      APP_URL: 'https://homes.example',
      DATABASE_URL: 'postgres://u:p@db:5432/homes',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      BROADCAST_ALLOWED_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config).toMatchObject({
      appName: 'Homes',
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/homes',
      redisUrl: 'redis://cache:6379',
    });
    expect(config.session.secure).toBe(true);
    expect(config.mail.smtpUrl).toBe('smtp://mail:25');
    expect(config.storage).toMatchObject({ driver: 's3', s3: { bucket: 'media' } });
    expect(config.broadcasting.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.broadcasting.scheme).toBe('https');
  });

  it('keeps a DATABASE_URL that names a Unix socket directory as given (pg reads its host parameter)', () => {
    const socket = 'postgres://postgres@localhost/reelty?host=/var/run/postgresql';
    expect(loadConfig({ DATABASE_URL: socket }).databaseUrl).toBe(socket);
  });

  it('holds every area setting in one typed object, validated at start', () => {
    const config = loadConfig({
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      RUN_WORKERS: 'false',
      DATABASE_POOL_SIZE: '4',
      STORAGE_DIR: '/data',
      DESIGN_CREDIT_COST: '2',
      MAP_TILE_URL: 'none',
    });
    expect(config).toMatchObject({ host: '127.0.0.1', trustProxy: 1, runWorkers: false, databasePoolSize: 4 });
    expect(config.designs.creditCost).toBe(2);
    expect(config.video.uploadDir).toBe('/data/uploads/video');
    expect(config.market.tileUrl).toBe('');
    // Unset trusts no proxy: X-Forwarded-For is believed only from proxies TRUST_PROXY names.
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ GEOCODER: 'carrier-pigeon' })).toThrow(ConfigError);
    expect(() => loadConfig({ DESIGN_PROVIDER: 'replicate' })).toThrow(/REPLICATE_API_TOKEN/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
