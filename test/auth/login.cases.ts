import { bootTestApp, TestApp } from '../support/app';
import { PASSWORD, jarCookie, page, sessionCookie } from './helpers';

describe('login, logout and session security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the login page to guests and sends signed-in users to the dashboard', async () => {
    const guest = await t.client();
    const view = await page(guest, '/login');
    expect(view.component).toBe('Auth/Login');

    const { client } = await t.signedIn();
    const res = await client.visit('/login');
    expect([302, 303]).toContain(res.status);
    expect(res.headers.location).toBe('/dashboard');
  });

  it('logs in with a redirect to the dashboard, regenerating the session id and the token', async () => {
    const user = await t.createUser();
    const client = await t.client();
    const sidBefore = jarCookie(client);
    expect(sidBefore).toBeTruthy();
    const tokenBefore = client.token;

    const res = await client.post('/login').send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const sidAfter = sessionCookie(res.headers['set-cookie']);
    expect(sidAfter).toBeTruthy();
    expect(sidAfter).not.toBe(sidBefore);
    expect(jarCookie(client)).toBe(sidAfter);

    // The old session row is gone from the store.
    const oldSid = decodeURIComponent(sidBefore!).replace(/^s:/, '').split('.')[0];
    const rows = await t.db.query('SELECT sid FROM sessions WHERE sid = $1', [oldSid]);
    expect(rows).toHaveLength(0);

    // The anti-forgery token changed with the session: the old one is refused.
    const stale = await client.agent.post('/logout').set('X-XSRF-TOKEN', tokenBefore).set('Accept', 'application/json');
    expect(stale.status).toBe(419);
    await client.refreshToken();
    expect(client.token).not.toBe(tokenBefore);

    const dashboard = await page(client, '/dashboard');
    expect(dashboard.component).toBe('Dashboard');
    expect(dashboard.props.auth.user.email).toBe(user.email);
  });

  it('goes to the page the guest wanted after login', async () => {
    const user = await t.createUser();
    const client = await t.client();
    const blocked = await client.get('/settings/timezone').set('Accept', 'text/html');
    expect(blocked.status).toBe(302);
    expect(blocked.headers.location).toBe('/login');
    await client.refreshToken();
    const res = await client.post('/login').send({ email: user.email, password: PASSWORD });
    expect(res.headers.location).toBe('/settings/timezone');
  });

  it('refuses wrong credentials with 422 and field errors, and redirects Inertia forms back with errors', async () => {
    const user = await t.createUser();
    const client = await t.client();
    const res = await client.post('/login').send({ email: user.email, password: 'wrong-password' });
    expect(res.status).toBe(422);
    expect(res.body.errors.email[0]).toMatch(/do not match/);

    const form = await client.inertiaPost('/login', '/login').send({ email: 'not-an-email', password: '' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/login');
    const view = await page(client, '/login');
    expect(view.props.errors.email).toMatch(/valid email/);
    expect(view.props.errors.password).toMatch(/password/i);
  });

  it('refuses the 6th rapid failed login with 429 and a clear message', async () => {
    const user = await t.createUser();
    const client = await t.client();
    for (let i = 1; i <= 5; i += 1) {
      const res = await client.post('/login').send({ email: user.email, password: `wrong-${i}` });
      expect(res.status).toBe(422);
    }
    const sixth = await client.post('/login').send({ email: user.email, password: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Too many login attempts\. Please try again in \d+ seconds?\./);
    expect(sixth.body.errors.email[0]).toBe(sixth.body.message);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a state-changing request without the anti-forgery token (419)', async () => {
    const { client } = await t.signedIn();
    const res = await client.agent.post('/logout').set('Accept', 'application/json');
    expect(res.status).toBe(419);
    const api = await client.agent
      .post('/api/user/00000000-0000-0000-0000-000000000000/update')
      .set('Accept', 'application/json')
      .send({ name: 'x' });
    expect(api.status).toBe(419);
    const wrong = await client.agent
      .post('/logout')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', 'f'.repeat(40));
    expect(wrong.status).toBe(419);
    // Inertia's client and the app's hook may both add the header: it arrives comma-joined.
    const doubled = await client.agent
      .post('/logout')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', `${client.token}, ${client.token}`);
    expect(doubled.status).toBe(303);
  });

  it('logs out on a new session id, and the old session no longer works', async () => {
    const { client } = await t.signedIn();
    const sidBefore = jarCookie(client);
    const ok = await client.get('/dashboard').set('Accept', 'text/html');
    expect(ok.status).toBe(200);
    const res = await client.post('/logout');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    const sidAfter = sessionCookie(res.headers['set-cookie']);
    expect(sidAfter).toBeTruthy();
    expect(sidAfter).not.toBe(sidBefore);
    const after = await client.get('/dashboard').set('Accept', 'text/html');
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe('/login');
  });
});
