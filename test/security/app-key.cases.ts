import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../src/config/app-config';
import { totp } from '../../src/modules/auth/two-factor/totp';
import { TwoFactorService } from '../../src/modules/auth/two-factor/two-factor.service';
import { bootTestApp, createTestDatabase, TestApp } from '../support/app';
import { jarCookie, PASSWORD } from '../auth/helpers';

/**
 * Development without APP_KEY: a key generated once under storage/, so a restart keeps every
 * session and every two-factor secret; APP_PREVIOUS_KEYS keeps them readable across a rotation.
 */
describe('the application key', () => {
  const storageDir = mkdtempSync(join(tmpdir(), 'reelty-key-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const development = () => ({
    NODE_ENV: 'development',
    APP_KEY: '',
    STORAGE_DIR: storageDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'error',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('is generated once in development, kept private, and every secret derives from it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelty-key-unit-'));
    try {
      const first = loadConfig({ STORAGE_DIR: dir });
      expect(first.appKeySource).toBe('generated');
      expect(statSync(join(dir, 'app.key')).mode & 0o777).toBe(0o600);
      const second = loadConfig({ STORAGE_DIR: dir });
      expect(second.appKeySource).toBe('storage');
      expect(second.appKey).toBe(first.appKey);
      expect(readFileSync(join(dir, 'app.key'), 'utf8').trim()).toBe(first.appKey);
      // The broadcast secret is no constant anyone can read in the source: it follows the key.
      expect(second.broadcasting.secret).toBe(first.broadcasting.secret);
      expect(first.broadcasting.secret).not.toBe('reelty-dev-secret');
      expect(first.broadcasting.secret).not.toBe(first.appKey);
      const other = loadConfig({ STORAGE_DIR: mkdtempSync(join(tmpdir(), 'reelty-key-other-')) });
      expect(other.broadcasting.secret).not.toBe(first.broadcasting.secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Each login below spends the current TOTP step; forget it so the next phase may use the current code again. */
  const forgetUsedStep = (t: TestApp, id: string) =>
    t.db.query('UPDATE users SET two_factor_last_step = NULL WHERE id = $1', [id]);

  it('keeps sessions and two-factor logins across a restart on the same storage, and across a rotation', async () => {
    let t: TestApp = await bootTestApp(development());
    const user = await t.createUser();
    const twoFactor = t.app.get(TwoFactorService);
    await twoFactor.enable(user.id);
    const { secret } = (await twoFactor.setup(user.id))!;
    await twoFactor.confirm(user.id, totp(secret, Date.now()));
    const browser = await t.client();
    expect((await browser.post('/login').send({ email: user.email, password: PASSWORD })).headers.location).toBe(
      '/two-factor-challenge',
    );
    await forgetUsedStep(t, user.id);
    const first = await browser.post('/two-factor-challenge').send({ code: totp(secret, Date.now()) });
    expect(first.status).toBe(303);
    const cookie = `${t.config.session.cookieName}=${encodeURIComponent(jarCookie(browser)!)}`;
    const key = t.config.appKey;
    await t.close();

    // Restart on the same storage directory and database.
    t = await bootTestApp(development());
    try {
      expect(t.config.appKey).toBe(key);
      const dashboard = await request(t.app.getHttpServer()).get('/dashboard').set('Cookie', cookie);
      expect(dashboard.status).toBe(200);
      await forgetUsedStep(t, user.id);
      const again = await t.client();
      await again.post('/login').send({ email: user.email, password: PASSWORD });
      const challenge = await again.post('/two-factor-challenge').send({ code: totp(secret, Date.now()) });
      expect(challenge.status).toBe(303);
      expect(challenge.headers.location).toBe('/dashboard');
    } finally {
      await t.close();
    }

    // Rotation: a new APP_KEY with the old one among APP_PREVIOUS_KEYS locks nobody out.
    t = await bootTestApp({
      ...development(),
      APP_KEY: 'a-brand-new-key-0123456789abcdefghijklmnopqrstuvwxyz',
      APP_PREVIOUS_KEYS: key,
    });
    try {
      expect((await request(t.app.getHttpServer()).get('/dashboard').set('Cookie', cookie)).status).toBe(200);
      await forgetUsedStep(t, user.id);
      const rotated = await t.client();
      await rotated.post('/login').send({ email: user.email, password: PASSWORD });
      const challenge = await rotated.post('/two-factor-challenge').send({ code: totp(secret, Date.now()) });
      expect(challenge.status).toBe(303);
    } finally {
      await t.close();
    }

    // Without the old key the sealed secret cannot be read: a clear 422 pointing to recovery codes, never a 500.
    t = await bootTestApp({ ...development(), APP_KEY: 'yet-another-key-0123456789abcdefghijklmnopqrstuvwxyz' });
    try {
      await forgetUsedStep(t, user.id);
      const locked = await t.client();
      await locked.post('/login').send({ email: user.email, password: PASSWORD });
      const challenge = await locked.post('/two-factor-challenge').send({ code: totp(secret, Date.now()) });
      expect(challenge.status).toBe(422);
      expect(challenge.body.errors.code[0]).toMatch(/recovery code/);
    } finally {
      await t.close();
    }
  });
});
