import { totp } from '../../src/modules/auth/two-factor/totp';
import { TwoFactorService } from '../../src/modules/auth/two-factor/two-factor.service';
import { BackoffLimiterService, ipRange } from '../../src/modules/security/backoff-limiter.service';
import { User } from '../../src/modules/users/user.entity';
import { bootTestApp, TestApp } from '../support/app';
import { PASSWORD, waitForMail } from '../auth/helpers';

async function withTwoFactor(t: TestApp): Promise<{ user: User; secret: string }> {
  const user = await t.createUser();
  const twoFactor = t.app.get(TwoFactorService);
  await twoFactor.enable(user.id);
  const { secret } = (await twoFactor.setup(user.id))!;
  await twoFactor.confirm(user.id, totp(secret, Date.now()));
  return { user, secret };
}

describe('limits on guessing secrets (no trusted proxy: X-Forwarded-For is ignored)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits two-factor codes per user across fresh password logins, locks, and mails the owner', async () => {
    const { user, secret } = await withTwoFactor(t);
    const limit = t.config.rateLimits.twoFactorPerMinute;
    // Each round is a new browser with a new password login: it must not buy new guesses.
    for (let round = 0; round < limit; round += 1) {
      const browser = await t.client();
      await browser.post('/login').send({ email: user.email, password: PASSWORD });
      expect((await browser.post('/two-factor-challenge').send({ code: '000001' })).status).toBe(422);
    }
    const fresh = await t.client();
    await fresh.post('/login').send({ email: user.email, password: PASSWORD });
    const refused = await fresh.post('/two-factor-challenge').send({ code: totp(secret, Date.now() + 30_000) });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many two-factor attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Recovery codes share the lock.
    expect((await fresh.post('/two-factor-challenge').send({ recovery_code: 'abcde-fghij' })).status).toBe(429);
    const mail = await waitForMail(t.db, user.email, 'Two-factor sign-in paused');
    expect(mail.text).toMatch(/change it now/);
  });

  it('stops password spraying: failures from one IP over many accounts', async () => {
    const perIp = t.config.rateLimits.loginPerIp;
    const client = await t.client();
    for (let i = 0; i < perIp; i += 1) {
      const res = await client
        .post('/login')
        .set('X-Forwarded-For', `198.51.100.${i}`) // ignored: no proxy is trusted
        .send({ email: `sprayed-${i}@example.test`, password: 'Summer2026!' });
      expect(res.status).toBe(422);
    }
    const next = await client.post('/login').send({ email: 'another@example.test', password: 'Summer2026!' });
    expect(next.status).toBe(429);
    // Even a real account with the right password waits: the address is locked, not the account.
    const user = await t.createUser();
    expect((await client.post('/login').send({ email: user.email, password: PASSWORD })).status).toBe(429);
    await t.app.get(BackoffLimiterService).succeed('login:ip:127.0.0.1');
    await t.app.get(BackoffLimiterService).succeed(`login:range:${ipRange('127.0.0.1')}`);
  });

  it('backs off exponentially', async () => {
    const limiter = t.app.get(BackoffLimiterService);
    const scope = { key: 'test:exponential', free: 3 };
    const locks: number[] = [];
    for (let i = 0; i < 6; i += 1) locks.push((await limiter.fail([scope]))[0]?.lockSeconds ?? 0);
    expect(locks).toEqual([0, 0, 30, 60, 120, 240]);
    await expect(limiter.assertAllowed([scope])).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    await limiter.succeed(scope.key);
    await expect(limiter.assertAllowed([scope])).resolves.toBeUndefined();
  });

  it('limits password re-checks: confirm-password, log out other sessions and delete account share one per-user limit', async () => {
    const { client } = await t.signedIn();
    const limit = t.config.rateLimits.passwordChecks;
    const attempts = [
      () => client.post('/user/confirm-password').send({ password: 'wrong' }),
      () => client.post('/settings/sessions/logout-others').send({ password: 'wrong' }),
      () => client.delete('/settings/delete-account').send({ password: 'wrong' }),
    ];
    for (let i = 0; i < limit; i += 1) expect((await attempts[i % 3]()).status).toBe(422);
    for (const attempt of attempts) expect((await attempt()).status).toBe(429);
    // The right password waits too while locked.
    expect((await client.post('/user/confirm-password').send({ password: PASSWORD })).status).toBe(429);
  });
});

describe('limits behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits one account however many addresses it is tried from', async () => {
    const user = await t.createUser();
    const client = await t.client();
    const limit = t.config.rateLimits.loginPerMinute;
    for (let i = 0; i < limit; i += 1) {
      const res = await client
        .post('/login')
        .set('X-Forwarded-For', `192.0.${i}.${i + 1}`)
        .send({ email: user.email, password: `wrong-${i}` });
      expect(res.status).toBe(422);
    }
    const rotated = await client
      .post('/login')
      .set('X-Forwarded-For', '203.0.113.200')
      .send({ email: user.email, password: PASSWORD });
    expect(rotated.status).toBe(429);
  });

  it('limits an IP range (/24) across addresses and accounts, and not its neighbours', async () => {
    const client = await t.client();
    const perRange = t.config.rateLimits.loginPerRange;
    for (let i = 0; i < perRange; i += 1) {
      const res = await client
        .post('/login')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ email: `range-${i}@example.test`, password: 'Winter2026!' });
      expect(res.status).toBe(422);
    }
    const sameRange = await client
      .post('/login')
      .set('X-Forwarded-For', '203.0.113.250')
      .send({ email: 'fresh@example.test', password: 'x' });
    expect(sameRange.status).toBe(429);
    const neighbour = await client
      .post('/login')
      .set('X-Forwarded-For', '203.0.114.9')
      .send({ email: 'fresh@example.test', password: 'x' });
    expect(neighbour.status).toBe(422);
  });

  it('groups IPv6 addresses by /64', () => {
    expect(ipRange('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipRange('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipRange('::ffff:10.1.2.3')).toBe('10.1.2.0/24');
  });
});
