import sharp from 'sharp';
import { ConnectedAccount } from '../../src/modules/settings/entities/connected-account.entity';
import { User } from '../../src/modules/users/user.entity';
import { PASSWORD, page, waitForMail } from '../auth/helpers';
import { bootTestApp, TestApp } from '../support/app';

describe('settings pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const users = () => t.db.getRepository(User);

  it('renders every settings page for a signed-in user', async () => {
    const { client } = await t.signedIn();
    const pages = {
      '/settings/profile': 'Settings/Profile',
      '/settings/password': 'Settings/Password',
      '/settings/two-factor': 'Settings/TwoFactor',
      '/settings/timezone': 'Settings/Timezone',
      '/settings/notifications': 'Settings/Notifications',
      '/settings/addresses': 'Settings/Addresses',
      '/settings/connected-accounts': 'Settings/ConnectedAccounts',
      '/settings/sessions': 'Settings/Sessions',
      '/settings/delete-account': 'Settings/DeleteAccount',
    };
    for (const [url, component] of Object.entries(pages)) expect((await page(client, url)).component).toBe(component);
    const root = await client.get('/settings').set('Accept', 'text/html');
    expect(root.headers.location).toBe('/settings/profile');
  });

  it('updates the profile; a new email is unverified and gets a verification mail', async () => {
    const { client, user } = await t.signedIn();
    const res = await client
      .put('/settings/profile')
      .send({ name: 'Renamed', email: user.email, handle: 'renamed.user', bio: '  Loves lofts  ' });
    expect(res.status).toBe(303);
    let saved = await users().findOneByOrFail({ id: user.id });
    expect(saved).toMatchObject({ name: 'Renamed', handle: 'renamed.user', bio: 'Loves lofts' });
    expect(saved.emailVerifiedAt).not.toBeNull();

    const newEmail = `moved-${user.email}`;
    await client.put('/settings/profile').send({ name: 'Renamed', email: newEmail, handle: '', bio: '' });
    saved = await users().findOneByOrFail({ id: user.id });
    expect(saved).toMatchObject({ email: newEmail, handle: null, bio: null, emailVerifiedAt: null });
    await waitForMail(t.db, newEmail, 'Verify your email');
  });

  it('answers profile validation errors as 422 JSON, and as a redirect back with the errors bag for Inertia forms', async () => {
    const { client } = await t.signedIn();
    const other = await t.createUser();
    const json = await client.put('/settings/profile').send({ name: '', email: other.email, handle: '1bad', bio: '' });
    expect(json.status).toBe(422);
    expect(Object.keys(json.body.errors).sort()).toEqual(['handle', 'name']);

    const taken = await client.put('/settings/profile').send({ name: 'Me', email: other.email, handle: '', bio: '' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email[0]).toMatch(/already used/);

    const form = await client.agent
      .put('/settings/profile')
      .set('X-XSRF-TOKEN', client.token)
      .set('X-Inertia', 'true')
      .set('Referer', `${t.baseUrl}/settings/profile`)
      .send({ name: 'Me', email: 'me@example.test', handle: other.handle, bio: '' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/settings/profile');
    const view = await page(client, '/settings/profile');
    expect(view.props.errors).toEqual({ handle: 'This handle is already taken.' });
    // Errors are shown once.
    expect((await page(client, '/settings/profile')).props.errors).toEqual({});
  });

  it('changes the password (current password required) and signs other sessions out', async () => {
    const { client, user } = await t.signedIn();
    const otherDevice = await t.client();
    expect((await otherDevice.post('/login').send({ email: user.email, password: PASSWORD })).status).toBe(303);

    const wrong = await client
      .put('/settings/password')
      .send({ current_password: 'nope', password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();
    const short = await client
      .put('/settings/password')
      .send({ current_password: PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();

    const ok = await client
      .put('/settings/password')
      .send({ current_password: PASSWORD, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(ok.status).toBe(303);
    expect((await client.get('/dashboard').set('Accept', 'text/html')).status).toBe(200);
    expect((await otherDevice.get('/dashboard').set('Accept', 'text/html')).status).toBe(302);
    const fresh = await t.client();
    expect((await fresh.post('/login').send({ email: user.email, password: 'new-password-1' })).status).toBe(303);
  });

  it('saves a valid IANA time zone and refuses others', async () => {
    const { client, user } = await t.signedIn();
    const view = await page(client, '/settings/timezone');
    expect(view.props.timezones).toContain('America/New_York');
    expect((await client.put('/settings/timezone').send({ timezone: 'America/New_York' })).status).toBe(303);
    expect((await users().findOneByOrFail({ id: user.id })).timezone).toBe('America/New_York');
    const bad = await client.put('/settings/timezone').send({ timezone: 'Atlantis/Lost_City' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.timezone[0]).toMatch(/valid time zone/);
  });

  it('saves notification preferences per kind and channel', async () => {
    const { client, user } = await t.signedIn();
    const view = await page(client, '/settings/notifications');
    expect(view.props.preferences.email.chat_request).toBe(true);
    const res = await client
      .put('/settings/notifications')
      .send({ email: { chat_request: false, product_news: true }, push: { new_follower: false } });
    expect(res.status).toBe(303);
    const saved = (await users().findOneByOrFail({ id: user.id })).notificationPreferences;
    expect(saved.email).toMatchObject({ chat_request: false, product_news: true, new_follower: true });
    expect(saved.push).toMatchObject({ new_follower: false, chat_request: true });
    expect((await client.put('/settings/notifications').send({ email: { bogus: true }, push: {} })).status).toBe(422);
    expect(
      (await client.put('/settings/notifications').send({ email: { chat_request: 'yes' }, push: {} })).status,
    ).toBe(422);
  });

  it('manages addresses: create, page, one default, update, delete; others cannot touch them', async () => {
    const { client } = await t.signedIn();
    const address = {
      label: 'Home',
      line1: '1 Main St',
      line2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      countryCode: 'us',
    };
    expect((await client.post('/settings/addresses').send(address)).status).toBe(303);
    for (let i = 2; i <= 11; i += 1) await client.post('/settings/addresses').send({ ...address, label: `Place ${i}` });
    let view = await page(client, '/settings/addresses');
    expect(view.props.pagination).toEqual({ currentPage: 1, lastPage: 2, total: 11 });
    expect(view.props.addresses).toHaveLength(10);
    expect(view.props.addresses[0]).toMatchObject({ label: 'Home', isDefault: true, countryCode: 'US', line2: null });
    expect((await page(client, '/settings/addresses?page=2')).props.addresses).toHaveLength(1);

    const second = view.props.addresses[1];
    expect((await client.post(`/settings/addresses/${second.id}/default`).send({})).status).toBe(303);
    view = await page(client, '/settings/addresses');
    expect(
      view.props.addresses.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id),
    ).toEqual([second.id]);

    expect(
      (await client.put(`/settings/addresses/${second.id}`).send({ ...address, label: 'Office', city: 'Dallas' }))
        .status,
    ).toBe(303);
    view = await page(client, '/settings/addresses');
    expect(view.props.addresses[0]).toMatchObject({ id: second.id, label: 'Office', city: 'Dallas', isDefault: true });

    const invalid = await client.post('/settings/addresses').send({ ...address, label: '', countryCode: 'USA' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['countryCode', 'label']);

    const { client: stranger } = await t.signedIn();
    expect((await stranger.put(`/settings/addresses/${second.id}`).send(address)).status).toBe(403);
    expect((await stranger.delete(`/settings/addresses/${second.id}`)).status).toBe(403);

    expect((await client.delete(`/settings/addresses/${second.id}`)).status).toBe(303);
    view = await page(client, '/settings/addresses');
    expect(view.props.pagination.total).toBe(10);
    expect(view.props.addresses.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('lists and disconnects connected accounts', async () => {
    const { client, user } = await t.signedIn();
    const repo = t.db.getRepository(ConnectedAccount);
    const account = await repo.save(
      repo.create({ userId: user.id, provider: 'google', providerUserId: `g-${user.id}`, displayName: user.email }),
    );
    const view = await page(client, '/settings/connected-accounts');
    expect(view.props.accounts).toEqual([expect.objectContaining({ id: account.id, provider: 'google' })]);

    const { client: stranger } = await t.signedIn();
    expect((await stranger.delete(`/settings/connected-accounts/${account.id}`)).status).toBe(403);
    expect((await client.delete(`/settings/connected-accounts/${account.id}`)).status).toBe(303);
    expect(await repo.countBy({ userId: user.id })).toBe(0);
  });

  it('lists sessions and logs out the other ones with the password', async () => {
    const { client, user } = await t.signedIn();
    const phone = await t.client();
    await phone.agent
      .post('/login')
      .set('X-XSRF-TOKEN', phone.token)
      .set('Accept', 'application/json')
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1')
      .send({ email: user.email, password: PASSWORD });
    const view = await page(client, '/settings/sessions');
    expect(view.props.sessions).toHaveLength(2);
    expect(view.props.sessions.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    expect(view.props.sessions.map((s: { device: { platform: string } }) => s.device.platform)).toContain('iOS');
    expect(JSON.stringify(view.props.sessions)).not.toContain(String(t.db.options.database));

    expect((await client.post('/settings/sessions/logout-others').send({ password: 'wrong' })).status).toBe(422);
    expect((await client.post('/settings/sessions/logout-others').send({ password: PASSWORD })).status).toBe(303);
    expect((await phone.get('/dashboard').set('Accept', 'text/html')).status).toBe(302);
    expect((await client.get('/dashboard').set('Accept', 'text/html')).status).toBe(200);
    expect((await page(client, '/settings/sessions')).props.sessions).toHaveLength(1);
  });

  it('deletes the account with the password: the user and every session are gone', async () => {
    const { client, user } = await t.signedIn();
    const other = await t.client();
    await other.post('/login').send({ email: user.email, password: PASSWORD });

    expect((await client.delete('/settings/delete-account').send({ password: 'wrong' })).status).toBe(422);
    const res = await client.delete('/settings/delete-account').send({ password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await users().countBy({ id: user.id })).toBe(0);
    expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(0);
    expect((await client.get('/dashboard').set('Accept', 'text/html')).status).toBe(302);
    expect((await other.get('/dashboard').set('Accept', 'text/html')).status).toBe(302);
  });
});

describe('profile picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads, serves, replaces and removes the avatar; refuses non-images', async () => {
    const { client, user } = await t.signedIn();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();

    const notImage = await client
      .post('/settings/profile/avatar')
      .attach('avatar', Buffer.from('hello world'), 'a.png');
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors.avatar[0]).toMatch(/not accepted/);
    expect((await client.post('/settings/profile/avatar').send({})).status).toBe(422);

    const res = await client.post('/settings/profile/avatar').attach('avatar', png, 'me.png');
    expect(res.status).toBe(303);
    const view = await page(client, '/settings/profile');
    const url: string = view.props.profile.avatarUrl;
    expect(url).toMatch(new RegExp(`^/media/avatars/${user.id}/.+-square\\.webp$`));
    expect(view.props.auth.user.avatarUrl).toBe(url);
    const image = await (
      await t.client()
    )
      .get(url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(image.status).toBe(200);
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ width: 256, height: 256, format: 'webp' });

    await client.post('/settings/profile/avatar').attach('avatar', png, 'again.png');
    const replaced: string = (await page(client, '/settings/profile')).props.profile.avatarUrl;
    expect(replaced).not.toBe(url);
    expect((await client.get(url)).status).toBe(404);

    expect((await client.delete('/settings/profile/avatar')).status).toBe(303);
    expect((await page(client, '/settings/profile')).props.profile.avatarUrl).toBeNull();
    expect((await client.get(replaced)).status).toBe(404);
  });
});
