import { User } from '../../src/modules/users/user.entity';
import { bootTestApp, TestApp } from '../support/app';
import { linkIn, page, waitForMail } from './helpers';

describe('registration and email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const email = (tag: string) => `${tag}-${t.databaseName.slice(-6)}@example.test`;

  it('registers, signs in unverified, mails a signed link that verifies the address', async () => {
    const client = await t.client();
    const form = await page(client, '/register');
    expect(form.component).toBe('Auth/Register');
    expect(form.props.accountTypes.map((o: { value: string }) => o.value)).not.toContain('team_member');

    const address = email('newbie');
    const res = await client.post('/register').send({
      name: 'New Realtor',
      email: address.toUpperCase(),
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      type: 'realtor',
      handle: 'newbie_realtor',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/email/verify');
    await client.refreshToken();

    const user = await t.db.getRepository(User).findOneByOrFail({ email: address });
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.type).toBe('realtor');
    expect(user.handle).toBe('newbie_realtor');

    const notice = await page(client, '/email/verify');
    expect(notice.component).toBe('Auth/VerifyEmail');
    expect(notice.props.email).toBe(address);

    // Unverified users are sent to the notice by @Verified() pages: checked in the authorization table.
    const mail = await waitForMail(t.db, address, 'Verify your email');
    expect(mail.html).toContain('Verify email address');
    expect(mail.html).toContain(t.config.appUrl);
    expect(mail.text).toContain('/email/verify/');
    const link = linkIn(mail, '/email/verify/');

    // A tampered signature is refused.
    const tampered = await client.visit(
      link.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`),
    );
    expect(tampered.status).toBe(403);

    const verified = await client.get(link).set('Accept', 'text/html');
    expect(verified.status).toBe(303);
    expect(verified.headers.location).toBe('/dashboard?verified=1');
    const after = await t.db.getRepository(User).findOneByOrFail({ email: address });
    expect(after.emailVerifiedAt).not.toBeNull();

    const noticeAgain = await client.visit('/email/verify');
    expect(noticeAgain.status).toBe(303);
    expect(noticeAgain.headers.location).toBe('/dashboard');
  });

  it('verifies from another browser (not signed in) and refuses expired links', async () => {
    const client = await t.client();
    const address = email('elsewhere');
    await client.post('/register').send({
      name: 'Eve',
      email: address,
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      type: 'viewer',
    });
    const link = linkIn(await waitForMail(t.db, address, 'Verify'), '/email/verify/');

    const other = await t.client();
    const res = await other.get(link).set('Accept', 'text/html');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await t.db.getRepository(User).findOneByOrFail({ email: address })).emailVerifiedAt).not.toBeNull();

    const expired = link.replace(/expires=\d+/, 'expires=1000');
    const refused = await other.visit(expired);
    // Changing the expiry breaks the signature.
    expect(refused.status).toBe(403);
  });

  it('resends the verification mail (rate limited)', async () => {
    const client = await t.client();
    const address = email('resend');
    await client.post('/register').send({
      name: 'Rex',
      email: address,
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      type: 'buyer',
    });
    await client.refreshToken();
    await waitForMail(t.db, address, 'Verify');
    const res = await client.inertiaPost('/email/verification-notification', '/email/verify').send({});
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/email/verify');
    const view = await page(client, '/email/verify');
    expect(view.flash?.status).toBe('verification-link-sent');
    for (let i = 0; i < 5; i += 1) await client.post('/email/verification-notification').send({});
    const limited = await client.post('/email/verification-notification').send({});
    expect(limited.status).toBe(429);
  });

  it('validates the registration form (422 with field errors)', async () => {
    const client = await t.client();
    const existing = await t.createUser();
    const res = await client.post('/register').send({
      name: '',
      email: 'nope',
      password: 'short',
      password_confirmation: 'different',
      type: 'team_member',
      handle: '9lives',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'email',
      'handle',
      'name',
      'password',
      'password_confirmation',
      'type',
    ]);

    const taken = await client.post('/register').send({
      name: 'Dup',
      email: existing.email,
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      type: 'viewer',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email[0]).toMatch(/already exists/);

    const handleTaken = await client.post('/register').send({
      name: 'Dup',
      email: email('dup-handle'),
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      type: 'viewer',
      handle: existing.handle,
    });
    expect(handleTaken.status).toBe(422);
    expect(handleTaken.body.errors.handle[0]).toMatch(/taken/);
  });
});

describe('registration rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses more sign-ups per IP than the hourly limit', async () => {
    // Each test app has its own Redis key prefix, so this count starts at zero.
    const client = await t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await client.post('/register').send({
        name: 'Bulk',
        email: `bulk${i}-${t.databaseName.slice(-6)}@example.test`,
        password: 'a-good-password',
        password_confirmation: 'a-good-password',
        type: 'viewer',
      });
      statuses.push(res.status);
      await client.refreshToken();
      expect((await client.post('/logout')).status).toBe(303);
      await client.refreshToken();
    }
    expect(statuses).toEqual([303, 303, 429]);
  });
});
