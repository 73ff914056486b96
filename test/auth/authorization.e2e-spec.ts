import { UserAddress } from '../../src/modules/settings/entities/user-address.entity';
import { ConnectedAccount } from '../../src/modules/settings/entities/connected-account.entity';
import { User } from '../../src/modules/users/user.entity';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { PASSWORD } from './helpers';

/**
 * Who may call what: one row per route, with what a guest, another signed-in user and the
 * owner of the resource get. Page GETs are Inertia visits; everything else is a JSON call
 * (so failures are plain statuses). Add rows for new routes in your module's section.
 *
 * Expectation: a status, or [status, location] for redirects.
 */
type Expect = number | [number, string];

interface Fixture {
  owner: User;
  other: User;
  /** Ids of resources created for the owner by `setup`. */
  ids: Record<string, string>;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string | ((f: Fixture) => string);
  body?: Record<string, unknown> | ((f: Fixture) => Record<string, unknown>);
  /** GETs of pages go as Inertia visits; set 'json' for API reads. */
  as?: 'page' | 'json';
  /** Owner-side preparation, e.g. a password confirmation or a row owned by the owner. */
  prepare?: (client: TestClient, f: Fixture) => Promise<void>;
  setup?: (t: TestApp, f: Fixture) => Promise<Record<string, string>>;
  guest: Expect;
  other: Expect;
  owner: Expect;
}

const LOGIN: Expect = [302, '/login'];
const confirmPassword = async (client: TestClient) => {
  await client.post('/user/confirm-password').send({ password: PASSWORD });
};
const addressFor = async (t: TestApp, f: Fixture) => {
  const repo = t.db.getRepository(UserAddress);
  const address = await repo.save(
    repo.create({
      userId: f.owner.id,
      label: 'Home',
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      countryCode: 'US',
      isDefault: true,
    }),
  );
  return { address: address.id };
};
const connectedFor = async (t: TestApp, f: Fixture) => {
  const repo = t.db.getRepository(ConnectedAccount);
  const account = await repo.save(
    repo.create({ userId: f.owner.id, provider: 'google', providerUserId: `g-${f.owner.id}`, displayName: null }),
  );
  return { account: account.id };
};
const ADDRESS = { label: 'Work', line1: '2 Side St', city: 'Austin', state: 'TX', zip: '78702', countryCode: 'US' };

export const ROUTES: Row[] = [
  // ---- auth (guest pages: signed-in users are sent to the dashboard) ----
  { method: 'GET', path: '/login', guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  { method: 'GET', path: '/register', guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  { method: 'GET', path: '/forgot-password', guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  {
    method: 'GET',
    path: '/reset-password/some-token?email=a@b.c',
    guest: 200,
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  {
    method: 'GET',
    path: '/two-factor-challenge',
    guest: [303, '/login'],
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  {
    method: 'POST',
    path: '/login',
    body: { email: 'nobody@example.test', password: 'x' },
    guest: 422,
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  { method: 'POST', path: '/register', body: {}, guest: 422, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  {
    method: 'POST',
    path: '/forgot-password',
    body: { email: 'bad' },
    guest: 422,
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  {
    method: 'POST',
    path: '/reset-password',
    body: {},
    guest: 422,
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  {
    method: 'POST',
    path: '/two-factor-challenge',
    body: { code: '123456' },
    guest: 422,
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  { method: 'POST', path: '/logout', guest: [303, '/'], other: [303, '/'], owner: [303, '/'] },
  { method: 'GET', path: '/email/verify', guest: LOGIN, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  {
    method: 'POST',
    path: '/email/verification-notification',
    guest: 401,
    other: [303, '/dashboard'],
    owner: [303, '/dashboard'],
  },
  {
    method: 'GET',
    path: (f) => `/email/verify/${f.owner.id}/bad-hash?expires=1&signature=x`,
    guest: 403,
    other: 403,
    owner: 403,
  },
  { method: 'GET', path: '/user/confirm-password', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'POST',
    path: '/user/confirm-password',
    body: { password: 'wrong-password' },
    guest: 401,
    other: 422,
    owner: 422,
  },

  // ---- dev mailbox (public outside production) ----
  { method: 'GET', path: '/dev/mailbox', guest: 200, other: 200, owner: 200 },
  { method: 'GET', path: '/dev/mailbox/00000000-0000-4000-8000-000000000000', guest: 404, other: 404, owner: 404 },

  // ---- users API (spec 7) ----
  { method: 'GET', as: 'json', path: (f) => `/api/user/${f.owner.id}`, guest: 200, other: 200, owner: 200 },
  { method: 'GET', as: 'json', path: '/api/user/not-a-uuid', guest: 404, other: 404, owner: 404 },
  {
    method: 'POST',
    path: (f) => `/api/user/${f.owner.id}/update`,
    body: { bio: 'hi' },
    guest: 401,
    other: 403,
    owner: 200,
  },
  {
    method: 'POST',
    path: (f) => `/api/user/${f.owner.id}/check-handle`,
    body: { handle: 'free_handle' },
    guest: 401,
    other: 403,
    owner: 200,
  },
  { method: 'GET', as: 'json', path: '/api/user/credits/image', guest: 401, other: 200, owner: 200 },

  // ---- settings (always the signed-in user's own; another user's rows are 404) ----
  { method: 'GET', path: '/settings/profile', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'PUT',
    path: '/settings/profile',
    body: (f) => ({ name: 'N', email: f.owner.email, handle: '', bio: '' }),
    guest: 401,
    other: 422,
    owner: 303,
  },
  { method: 'GET', path: '/settings/password', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'PUT',
    path: '/settings/password',
    body: { current_password: PASSWORD, password: 'new-password-9', password_confirmation: 'new-password-9' },
    guest: 401,
    other: 303,
    owner: 303,
  },
  { method: 'GET', path: '/settings/two-factor', guest: LOGIN, other: 200, owner: 200 },
  { method: 'POST', path: '/settings/two-factor', guest: 401, other: 423, owner: 303, prepare: confirmPassword },
  {
    method: 'POST',
    path: '/settings/two-factor/confirm',
    body: { code: '123456' },
    guest: 401,
    other: 423,
    owner: 422,
    prepare: confirmPassword,
  },
  {
    method: 'POST',
    path: '/settings/two-factor/recovery-codes',
    guest: 401,
    other: 423,
    owner: 303,
    prepare: confirmPassword,
  },
  { method: 'DELETE', path: '/settings/two-factor', guest: 401, other: 423, owner: 303, prepare: confirmPassword },
  { method: 'GET', path: '/settings/timezone', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'PUT',
    path: '/settings/timezone',
    body: { timezone: 'Europe/Berlin' },
    guest: 401,
    other: 303,
    owner: 303,
  },
  { method: 'GET', path: '/settings/notifications', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'PUT',
    path: '/settings/notifications',
    body: { email: { product_news: true }, push: {} },
    guest: 401,
    other: 303,
    owner: 303,
  },
  { method: 'GET', path: '/settings/addresses', guest: LOGIN, other: 200, owner: 200 },
  { method: 'POST', path: '/settings/addresses', body: ADDRESS, guest: 401, other: 303, owner: 303 },
  {
    method: 'PUT',
    path: (f) => `/settings/addresses/${f.ids.address}`,
    body: ADDRESS,
    setup: addressFor,
    guest: 401,
    other: 403, // another user's existing resource
    owner: 303,
  },
  {
    method: 'POST',
    path: (f) => `/settings/addresses/${f.ids.address}/default`,
    setup: addressFor,
    guest: 401,
    other: 403, // another user's existing resource
    owner: 303,
  },
  {
    method: 'DELETE',
    path: (f) => `/settings/addresses/${f.ids.address}`,
    setup: addressFor,
    guest: 401,
    other: 403, // another user's existing resource
    owner: 303,
  },
  { method: 'GET', path: '/settings/connected-accounts', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'DELETE',
    path: (f) => `/settings/connected-accounts/${f.ids.account}`,
    setup: connectedFor,
    guest: 401,
    other: 403, // another user's existing resource
    owner: 303,
  },
  { method: 'GET', path: '/settings/sessions', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'POST',
    path: '/settings/sessions/logout-others',
    body: { password: PASSWORD },
    guest: 401,
    other: 303,
    owner: 303,
  },
  { method: 'GET', path: '/settings/delete-account', guest: LOGIN, other: 200, owner: 200 },
  {
    method: 'DELETE',
    path: '/settings/delete-account',
    body: { password: 'wrong-password' },
    guest: 401,
    other: 422,
    owner: 422,
  },
];

describe('authorization table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (client: TestClient, row: Row, f: Fixture) => {
    const path = typeof row.path === 'function' ? row.path(f) : row.path;
    const body = typeof row.body === 'function' ? row.body(f) : (row.body ?? {});
    if (row.method === 'GET')
      return row.as === 'json' ? client.get(path).set('Accept', 'application/json') : client.visit(path);
    const verb = row.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
    return client[verb](path).send(body);
  };

  const label = (row: Row) =>
    `${row.method} ${typeof row.path === 'string' ? row.path : row.path({ owner: { id: '{id}' } as User, other: {} as User, ids: new Proxy({}, { get: (_o, key) => `{${String(key)}}` }) })}`;

  it.each(ROUTES.map((row) => [label(row), row] as const))('%s', async (_name, row) => {
    const { client: ownerClient, user: owner } = await t.signedIn();
    const { client: otherClient, user: other } = await t.signedIn();
    const f: Fixture = { owner, other, ids: {} };
    f.ids = row.setup ? await row.setup(t, f) : {};
    const guest = await t.client();

    const results: Record<'guest' | 'other' | 'owner', string> = { guest: '', other: '', owner: '' };
    const describe = (res: { status: number; headers: Record<string, string> }, expected: Expect) =>
      Array.isArray(expected) ? `${res.status} ${res.headers.location ?? ''}` : String(res.status);
    const want = (expected: Expect) => (Array.isArray(expected) ? `${expected[0]} ${expected[1]}` : String(expected));

    results.guest = describe(await send(guest, row, f), row.guest);
    results.other = describe(await send(otherClient, row, f), row.other);
    if (row.prepare) await row.prepare(ownerClient, f);
    results.owner = describe(await send(ownerClient, row, f), row.owner);

    expect(results).toEqual({ guest: want(row.guest), other: want(row.other), owner: want(row.owner) });
  });
});
