import { totp } from '../../src/modules/auth/two-factor/totp';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { PASSWORD, page } from './helpers';

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function enableTwoFactor(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
    const confirm = await client.post('/user/confirm-password').send({ password: PASSWORD });
    expect(confirm.status).toBe(303);
    expect((await client.post('/settings/two-factor').send({})).status).toBe(303);
    const setup = await page(client, '/settings/two-factor');
    expect(setup.props.pending).toBe(true);
    expect(setup.props.setup.qrSvg).toContain('<svg');
    expect(setup.props.setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const recoveryCodes: string[] = setup.props.recoveryCodes;
    expect(recoveryCodes).toHaveLength(8);
    // Shown once only.
    expect((await page(client, '/settings/two-factor')).props.recoveryCodes).toBeNull();

    const secret: string = setup.props.setup.secret;
    const bad = await client
      .post('/settings/two-factor/confirm')
      .send({ code: '000000' === totp(secret, Date.now()) ? '111111' : '000000' });
    expect(bad.status).toBe(422);
    expect((await client.post('/settings/two-factor/confirm').send({ code: totp(secret, Date.now()) })).status).toBe(
      303,
    );
    const done = await page(client, '/settings/two-factor');
    expect(done.props.enabled).toBe(true);
    expect(done.props.setup).toBeNull();
    expect(done.props.auth.user.twoFactorEnabled).toBe(true);
    return { secret, recoveryCodes };
  }

  it('needs a recent password confirmation to enable', async () => {
    const { client } = await t.signedIn();
    const res = await client.inertiaPost('/settings/two-factor', '/settings/two-factor').send({});
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/user/confirm-password');
    const api = await client.post('/settings/two-factor').send({});
    expect(api.status).toBe(423);
    const wrong = await client.post('/user/confirm-password').send({ password: 'not-it' });
    expect(wrong.status).toBe(422);
    const ok = await client.post('/user/confirm-password').send({ password: PASSWORD });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/settings/two-factor');
  });

  it('enables with a QR code and a confirmed code, then asks for a code at login', async () => {
    const { client, user } = await t.signedIn();
    const { secret } = await enableTwoFactor(client);

    const browser = await t.client();
    const login = await browser.post('/login').send({ email: user.email, password: PASSWORD });
    expect(login.status).toBe(303);
    expect(login.headers.location).toBe('/two-factor-challenge');
    // Not signed in yet.
    expect((await browser.get('/dashboard').set('Accept', 'text/html')).status).toBe(302);
    expect((await page(browser, '/two-factor-challenge')).component).toBe('Auth/TwoFactorChallenge');

    const wrong = await browser.post('/two-factor-challenge').send({ code: '12345' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toBeDefined();

    // The confirming code's step is used up: take the next step's code (inside the ±1 window).
    const code = totp(secret, Date.now() + 30_000);
    const ok = await browser.post('/two-factor-challenge').send({ code });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/dashboard');
    await browser.refreshToken();
    expect((await page(browser, '/dashboard')).props.auth.user.id).toBe(user.id);

    // The same code cannot be replayed.
    const again = await t.client();
    await again.post('/login').send({ email: user.email, password: PASSWORD });
    const replay = await again.post('/two-factor-challenge').send({ code });
    expect(replay.status).toBe(422);
  });

  it('accepts each recovery code once, regenerates and disables', async () => {
    const { client, user } = await t.signedIn();
    const { recoveryCodes } = await enableTwoFactor(client);

    const first = await t.client();
    await first.post('/login').send({ email: user.email, password: PASSWORD });
    const used = await first.post('/two-factor-challenge').send({ recovery_code: recoveryCodes[0].toUpperCase() });
    expect(used.status).toBe(303);

    const second = await t.client();
    await second.post('/login').send({ email: user.email, password: PASSWORD });
    const reused = await second.post('/two-factor-challenge').send({ recovery_code: recoveryCodes[0] });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.recovery_code[0]).toMatch(/not valid/);
    expect((await page(client, '/settings/two-factor')).props.remainingRecoveryCodes).toBe(7);

    expect((await client.post('/settings/two-factor/recovery-codes').send({})).status).toBe(303);
    const fresh: string[] = (await page(client, '/settings/two-factor')).props.recoveryCodes;
    expect(fresh).toHaveLength(8);
    const old = await second.post('/two-factor-challenge').send({ recovery_code: recoveryCodes[1] });
    expect(old.status).toBe(422);
    expect((await second.post('/two-factor-challenge').send({ recovery_code: fresh[0] })).status).toBe(303);

    expect((await client.delete('/settings/two-factor').send({})).status).toBe(303);
    const off = await page(client, '/settings/two-factor');
    expect(off.props.enabled).toBe(false);
    const plain = await t.client();
    const login = await plain.post('/login').send({ email: user.email, password: PASSWORD });
    expect(login.headers.location).toBe('/dashboard');
  });

  it('limits challenge attempts per user', async () => {
    const { client, user } = await t.signedIn();
    await enableTwoFactor(client);
    const browser = await t.client();
    await browser.post('/login').send({ email: user.email, password: PASSWORD });
    const limit = t.config.rateLimits.twoFactorPerMinute;
    for (let i = 0; i < limit; i += 1)
      expect((await browser.post('/two-factor-challenge').send({ code: '000001' })).status).toBe(422);
    const refused = await browser.post('/two-factor-challenge').send({ code: '000001' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many two-factor attempts/);
  });
});
