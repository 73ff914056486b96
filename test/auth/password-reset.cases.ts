import { bootTestApp, TestApp } from '../support/app';
import { linkIn, page, waitForMail } from './helpers';

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a one-time link through the mailbox that sets a new password and signs other devices out', async () => {
    const user = await t.createUser();
    const { client: otherDevice } = await t.signedIn({ email: `second-${user.email}`, handle: null });
    const elsewhere = await t.client();
    await elsewhere.post('/login').send({ email: user.email, password: 'correct-horse-battery' });

    const client = await t.client();
    expect((await page(client, '/forgot-password')).component).toBe('Auth/ForgotPassword');
    const sent = await client.inertiaPost('/forgot-password', '/forgot-password').send({ email: user.email });
    expect(sent.status).toBe(303);
    const view = await page(client, '/forgot-password');
    expect(String(view.flash?.status)).toMatch(/If an account exists/);

    const mail = await waitForMail(t.db, user.email, 'Reset your');
    const link = linkIn(mail, '/reset-password/');
    const token = link.split('/reset-password/')[1].split('?')[0];
    const form = await page(client, link);
    expect(form.component).toBe('Auth/ResetPassword');
    expect(form.props).toMatchObject({ token, email: user.email });

    // The token is stored hashed.
    const [row] = await t.db.query('SELECT token_hash FROM password_reset_tokens WHERE email = $1', [user.email]);
    expect(row.token_hash).not.toBe(token);

    const mismatch = await client
      .post('/reset-password')
      .send({ token, email: user.email, password: 'brand-new-pass', password_confirmation: 'nope' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toBeDefined();

    const reset = await client
      .post('/reset-password')
      .send({ token, email: user.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(reset.status).toBe(303);
    expect(reset.headers.location).toBe('/login');

    // Single use.
    const again = await client
      .post('/reset-password')
      .send({ token, email: user.email, password: 'another-pass-1', password_confirmation: 'another-pass-1' });
    expect(again.status).toBe(422);
    expect(again.body.errors.email[0]).toMatch(/invalid or has expired/);

    // Sessions that knew the old password are gone; unrelated users are untouched.
    expect((await elsewhere.get('/dashboard').set('Accept', 'text/html')).status).toBe(302);
    expect((await otherDevice.get('/dashboard').set('Accept', 'text/html')).status).toBe(200);

    const old = await client.post('/login').send({ email: user.email, password: 'correct-horse-battery' });
    expect(old.status).toBe(422);
    const fresh = await client.post('/login').send({ email: user.email, password: 'brand-new-pass' });
    expect(fresh.status).toBe(303);
  });

  it('does not reveal unknown emails, refuses wrong and expired tokens, and limits requests per email', async () => {
    const client = await t.client();
    const unknown = await client.post('/forgot-password').send({ email: `nobody-${t.databaseName}@example.test` });
    expect(unknown.status).toBe(303);

    const user = await t.createUser();
    await client.post('/forgot-password').send({ email: user.email });
    const mail = await waitForMail(t.db, user.email, 'Reset your');
    const token = linkIn(mail, '/reset-password/').split('/reset-password/')[1].split('?')[0];
    const wrong = await client.post('/reset-password').send({
      token: 'f'.repeat(64),
      email: user.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(wrong.status).toBe(422);

    await t.db.query(`UPDATE password_reset_tokens SET created_at = now() - interval '61 minutes' WHERE email = $1`, [
      user.email,
    ]);
    const expired = await client
      .post('/reset-password')
      .send({ token, email: user.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(expired.status).toBe(422);

    const limit = t.config.rateLimits.resetPerHour;
    const target = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1)
      statuses.push((await client.post('/forgot-password').send({ email: target.email })).status);
    expect(statuses.slice(0, limit).every((s) => s === 303)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('limits requests per IP whatever the email, so one address cannot mail links to a list of strangers', async () => {
    const client = await t.client();
    const limit = t.config.rateLimits.resetPerIpPerHour;
    // This file's other tests asked from this IP too: the refusal comes at the latest after `limit` more requests.
    const statuses: number[] = [];
    for (let i = 0; i <= limit && !statuses.includes(429); i += 1)
      statuses.push(
        (await client.post('/forgot-password').send({ email: `stranger${i}-${t.databaseName}@example.test` })).status,
      );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 303)).toBe(true);
    const refused = await client.post('/forgot-password').send({ email: `one-more-${t.databaseName}@example.test` });
    expect(refused.status).toBe(429);
    expect(refused.body.errors.email[0]).toMatch(/Too many password reset requests/);
  });
});
