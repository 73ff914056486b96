import { UserAddress } from '../../src/modules/settings/entities/user-address.entity';
import { ConnectedAccount } from '../../src/modules/settings/entities/connected-account.entity';
import { User } from '../../src/modules/users/user.entity';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, type AuthorizationRow, type Expected } from '../support/authorization';
import { PASSWORD } from './helpers';

/**
 * Who may call what: one row per route, with what a guest, another signed-in user and the owner of the
 * resource get (expectAuthorizationTable). Page GETs are Inertia visits; everything else is a JSON call.
 * Each row runs with fresh users, since rows sign out, change passwords and confirm passwords.
 * Add rows for new routes in your module's section.
 */
type Caller = 'guest' | 'other' | 'owner';

interface Fixture {
  owner: User;
  other: User;
  /** Ids of resources created for the owner by `setup`. */
  ids: Record<string, string>;
}

/** A row of the table whose path and body may read the row's fixture. */
interface Row extends Omit<AuthorizationRow<Caller>, 'path' | 'body'> {
  path: string | ((f: Fixture) => string);
  body?: Record<string, unknown> | ((f: Fixture) => Record<string, unknown>);
  /** Owner-side preparation just before the owner's call, e.g. a password confirmation. */
  prepare?: (client: TestClient, f: Fixture) => Promise<void>;
  /** Resources the row needs, created for the owner. */
  setup?: (t: TestApp, f: Fixture) => Promise<Record<string, string>>;
}

const LOGIN: Expected = [302, '/login'];
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
  {
    method: 'GET',
    inertia: true,
    path: '/login',
    expect: { guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'GET',
    inertia: true,
    path: '/register',
    expect: { guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'GET',
    inertia: true,
    path: '/forgot-password',
    expect: { guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'GET',
    inertia: true,
    path: '/reset-password/some-token?email=a@b.c',
    expect: { guest: 200, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'GET',
    inertia: true,
    path: '/two-factor-challenge',
    expect: { guest: [303, '/login'], other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'POST',
    path: '/login',
    body: { email: 'nobody@example.test', password: 'x' },
    expect: { guest: 422, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'POST',
    path: '/register',
    body: {},
    expect: { guest: 422, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'POST',
    path: '/forgot-password',
    body: { email: 'bad' },
    expect: { guest: 422, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'POST',
    path: '/reset-password',
    body: {},
    expect: { guest: 422, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'POST',
    path: '/two-factor-challenge',
    body: { code: '123456' },
    expect: { guest: 422, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  { method: 'POST', path: '/logout', expect: { guest: [303, '/'], other: [303, '/'], owner: [303, '/'] } },
  {
    method: 'GET',
    inertia: true,
    path: '/email/verify',
    expect: { guest: LOGIN, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'POST',
    path: '/email/verification-notification',
    expect: { guest: 401, other: [303, '/dashboard'], owner: [303, '/dashboard'] },
  },
  {
    method: 'GET',
    inertia: true,
    path: (f) => `/email/verify/${f.owner.id}/bad-hash?expires=1&signature=x`,
    expect: { guest: 403, other: 403, owner: 403 },
  },
  { method: 'GET', inertia: true, path: '/user/confirm-password', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'POST',
    path: '/user/confirm-password',
    body: { password: 'wrong-password' },
    expect: { guest: 401, other: 422, owner: 422 },
  },

  // ---- dev mailbox (public outside production) ----
  { method: 'GET', inertia: true, path: '/dev/mailbox', expect: { guest: 200, other: 200, owner: 200 } },
  {
    method: 'GET',
    inertia: true,
    path: '/dev/mailbox/00000000-0000-4000-8000-000000000000',
    expect: { guest: 404, other: 404, owner: 404 },
  },
  {
    method: 'GET',
    path: '/dev/mailbox/00000000-0000-4000-8000-000000000000/attachments/0',
    expect: { guest: 404, other: 404, owner: 404 },
  },

  // ---- users API (spec 7) ----
  { method: 'GET', path: (f) => `/api/user/${f.owner.id}`, expect: { guest: 200, other: 200, owner: 200 } },
  { method: 'GET', path: '/api/user/not-a-uuid', expect: { guest: 404, other: 404, owner: 404 } },
  {
    method: 'POST',
    path: (f) => `/api/user/${f.owner.id}/update`,
    body: { bio: 'hi' },
    expect: { guest: 401, other: 403, owner: 200 },
  },
  {
    method: 'POST',
    path: (f) => `/api/user/${f.owner.id}/check-handle`,
    body: { handle: 'free_handle' },
    expect: { guest: 401, other: 403, owner: 200 },
  },
  // A bad body is the account owner's 422 only: another user is refused before the body is read.
  {
    method: 'POST',
    name: 'POST /api/user/:id/update, bad body',
    path: (f) => `/api/user/${f.owner.id}/update`,
    body: { name: '' },
    expect: { guest: 401, other: 403, owner: 422 },
  },
  {
    method: 'POST',
    name: 'POST /api/user/:id/check-handle, bad body',
    path: (f) => `/api/user/${f.owner.id}/check-handle`,
    body: { handle: '!' },
    expect: { guest: 401, other: 403, owner: 422 },
  },
  { method: 'GET', path: '/api/user/credits/image', expect: { guest: 401, other: 200, owner: 200 } },

  // ---- settings (always the signed-in user's own; another user's rows are 404) ----
  { method: 'GET', inertia: true, path: '/settings/profile', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'PUT',
    path: '/settings/profile',
    body: (f) => ({ name: 'N', email: f.owner.email, handle: '', bio: '' }),
    expect: { guest: 401, other: 422, owner: 303 },
  },
  { method: 'GET', inertia: true, path: '/settings/password', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'PUT',
    path: '/settings/password',
    body: { current_password: PASSWORD, password: 'new-password-9', password_confirmation: 'new-password-9' },
    expect: { guest: 401, other: 303, owner: 303 },
  },
  { method: 'GET', inertia: true, path: '/settings/two-factor', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'POST',
    path: '/settings/two-factor',
    expect: { guest: 401, other: 423, owner: 303 },
    prepare: confirmPassword,
  },
  {
    method: 'POST',
    path: '/settings/two-factor/confirm',
    body: { code: '123456' },
    expect: { guest: 401, other: 423, owner: 422 },
    prepare: confirmPassword,
  },
  {
    method: 'POST',
    path: '/settings/two-factor/recovery-codes',
    expect: { guest: 401, other: 423, owner: 303 },
    prepare: confirmPassword,
  },
  {
    method: 'DELETE',
    path: '/settings/two-factor',
    expect: { guest: 401, other: 423, owner: 303 },
    prepare: confirmPassword,
  },
  { method: 'GET', inertia: true, path: '/settings/timezone', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'PUT',
    path: '/settings/timezone',
    body: { timezone: 'Europe/Berlin' },
    expect: { guest: 401, other: 303, owner: 303 },
  },
  { method: 'GET', inertia: true, path: '/settings/notifications', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'PUT',
    path: '/settings/notifications',
    body: { email: { product_news: true }, push: {} },
    expect: { guest: 401, other: 303, owner: 303 },
  },
  { method: 'GET', inertia: true, path: '/settings/addresses', expect: { guest: LOGIN, other: 200, owner: 200 } },
  { method: 'POST', path: '/settings/addresses', body: ADDRESS, expect: { guest: 401, other: 303, owner: 303 } },
  {
    method: 'PUT',
    path: (f) => `/settings/addresses/${f.ids.address}`,
    body: ADDRESS,
    setup: addressFor,
    expect: { guest: 401, other: 403, owner: 303 }, // another user's existing resource
  },
  {
    method: 'POST',
    path: (f) => `/settings/addresses/${f.ids.address}/default`,
    setup: addressFor,
    expect: { guest: 401, other: 403, owner: 303 }, // another user's existing resource
  },
  {
    method: 'DELETE',
    path: (f) => `/settings/addresses/${f.ids.address}`,
    setup: addressFor,
    expect: { guest: 401, other: 403, owner: 303 }, // another user's existing resource
  },
  {
    method: 'GET',
    inertia: true,
    path: '/settings/connected-accounts',
    expect: { guest: LOGIN, other: 200, owner: 200 },
  },
  {
    method: 'DELETE',
    path: (f) => `/settings/connected-accounts/${f.ids.account}`,
    setup: connectedFor,
    expect: { guest: 401, other: 403, owner: 303 }, // another user's existing resource
  },
  { method: 'GET', inertia: true, path: '/settings/sessions', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'POST',
    path: '/settings/sessions/logout-others',
    body: { password: PASSWORD },
    expect: { guest: 401, other: 303, owner: 303 },
  },
  { method: 'GET', inertia: true, path: '/settings/delete-account', expect: { guest: LOGIN, other: 200, owner: 200 } },
  {
    method: 'DELETE',
    path: '/settings/delete-account',
    body: { password: 'wrong-password' },
    expect: { guest: 401, other: 422, owner: 422 },
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

  const label = (row: Row) =>
    `${row.method} ${typeof row.path === 'string' ? row.path : row.path({ owner: { id: '{id}' } as User, other: {} as User, ids: new Proxy({}, { get: (_o, key) => `{${String(key)}}` }) })}`;

  it.each(ROUTES.map((row) => [label(row), row] as const))('%s', async (name, row) => {
    const { client: owner, user: ownerUser } = await t.signedIn();
    const { client: other, user: otherUser } = await t.signedIn();
    const f: Fixture = { owner: ownerUser, other: otherUser, ids: {} };
    f.ids = row.setup ? await row.setup(t, f) : {};
    const { prepare, setup: _setup, ...rest } = row;
    await expectAuthorizationTable({ guest: await t.client(), other, owner }, [
      {
        ...rest,
        name,
        path: async (caller) => {
          if (caller === 'owner' && prepare) await prepare(owner, f);
          return typeof row.path === 'function' ? row.path(f) : row.path;
        },
        body: row.method === 'GET' ? undefined : typeof row.body === 'function' ? row.body(f) : (row.body ?? {}),
      },
    ]);
  });
});
