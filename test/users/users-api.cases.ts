import { bootTestApp, TestApp } from '../support/app';

describe('users API (spec 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/user/{id}: public fields for others, the full account for oneself, 404 for unknown or invalid ids', async () => {
    const { client, user } = await t.signedIn({ bio: 'Hello there' });
    const other = await t.createUser({ type: 'realtor' });

    const own = await client.get(`/api/user/${user.id}`);
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'user',
      bio: 'Hello there',
      timezone: 'UTC',
      twoFactorEnabled: false,
    });

    const theirs = await client.get(`/api/user/${other.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.user).toEqual({
      id: other.id,
      name: other.name,
      handle: other.handle,
      type: 'realtor',
      avatarUrl: null,
      bio: null,
    });

    const guest = await t.client();
    const asGuest = await guest.get(`/api/user/${user.id}`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.user.email).toBeUndefined();
    expect(JSON.stringify(asGuest.body)).not.toMatch(/password|secret/i);

    expect((await client.get('/api/user/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const invalid = await client.get('/api/user/not-a-uuid');
    expect(invalid.status).toBe(404);
    expect(invalid.body.message).toBeTruthy();
  });

  it('POST /api/user/{id}/update: a user updates themself, never another (403); admins may', async () => {
    const { client, user } = await t.signedIn();
    const other = await t.createUser();

    const res = await client
      .post(`/api/user/${user.id}/update`)
      .send({ name: '  New Name ', handle: 'Fresh.Handle', bio: 'About me', timezone: 'Europe/Paris', type: 'buyer' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User Updated');
    expect(res.body.user).toMatchObject({
      name: 'New Name',
      handle: 'fresh.handle',
      bio: 'About me',
      timezone: 'Europe/Paris',
      type: 'buyer',
    });

    const forbidden = await client.post(`/api/user/${other.id}/update`).send({ name: 'Hacked' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('You may only update your own account.');
    expect((await client.get(`/api/user/${other.id}`)).body.user.name).toBe(other.name);

    expect(
      (await client.post('/api/user/00000000-0000-4000-8000-000000000000/update').send({ name: 'x' })).status,
    ).toBe(404);

    const { client: admin } = await t.signedIn({ role: 'admin' });
    const byAdmin = await admin.post(`/api/user/${other.id}/update`).send({ name: 'Renamed by admin' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.user.name).toBe('Renamed by admin');
  });

  it('validates updates with 422 and field errors', async () => {
    const { client, user } = await t.signedIn();
    const other = await t.createUser();
    const res = await client
      .post(`/api/user/${user.id}/update`)
      .send({ name: '', timezone: 'Mars/Olympus', type: 'team_member', handle: 'ab', bio: 'x'.repeat(1001) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['bio', 'handle', 'name', 'timezone', 'type']);
    expect(res.body.message).toBeTruthy();

    const taken = await client.post(`/api/user/${user.id}/update`).send({ handle: other.handle });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.handle).toEqual(['This handle is already taken.']);

    // Unknown fields are ignored, never written (role, email, credits).
    const sneaky = await client
      .post(`/api/user/${user.id}/update`)
      .send({ role: 'admin', imageCredits: 999, email: 'x@y.z' });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.user).toMatchObject({ role: 'user', email: user.email });
  });

  it('POST /api/user/{id}/check-handle: available, taken, invalid, reserved', async () => {
    const { client, user } = await t.signedIn();
    const other = await t.createUser();
    const check = (handle: unknown) => client.post(`/api/user/${user.id}/check-handle`).send({ handle });

    const free = await check('brand.new_handle');
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ status: 'available' });

    // One's own handle is available to oneself.
    expect((await check(user.handle)).body).toEqual({ status: 'available' });

    const taken = await check(other.handle);
    expect(taken.status).toBe(422);
    expect(taken.body.errors.handle).toEqual(['This handle is already taken.']);
    expect(taken.body.message).toBe('This handle is already taken.');

    for (const [handle, message] of [
      ['ab', /between 3 and 30/],
      ['x'.repeat(31), /between 3 and 30/],
      ['9lives', /may not start with a digit/],
      ['bad handle!', /only contain/],
      ['admin', /reserved/],
      ['settings', /reserved/],
      ['', /Choose a handle/],
    ] as const) {
      const res = await check(handle);
      expect(res.status).toBe(422);
      expect(res.body.errors.handle[0]).toMatch(message);
    }
    expect((await check(undefined)).status).toBe(422);
  });

  it('GET /api/user/credits/image answers the balance of the signed-in user', async () => {
    const { client } = await t.signedIn({ imageCredits: 7 });
    const res = await client.get('/api/user/credits/image');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ credits: 7 });
    const guest = await t.client();
    expect((await guest.get('/api/user/credits/image')).status).toBe(401);
  });
});
