import { AdminUsersService } from '../../src/modules/admin/admin-users.service';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { confirmedAdmin } from './helpers';

type Caller = 'guest' | 'user' | 'suspended' | 'admin';

/** Every admin console route with what a guest, a user, a suspended user and an admin get. */
describe('admin authorization', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let targetId: string;

  const fresh = async (overrides = {}) => (await t.createUser(overrides)).id;
  const freshSuspended = async () => {
    const id = await fresh();
    await t.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'test' WHERE id = $1`, [id]);
    return id;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    const admin = await confirmedAdmin(t);
    const user = await t.signedIn();
    const suspended = await t.signedIn();
    await t.app
      .get(AdminUsersService)
      .suspend({ actor: admin.user, ip: null }, suspended.user.id, 'Testing the authorization table');
    clients = { guest: await t.client(), user: user.client, suspended: suspended.client, admin: admin.client };
    targetId = await fresh();
  });
  afterAll(() => t.close());

  it('lets only admins in', async () => {
    const pages = { guest: 302, user: 403, suspended: 302, admin: 200 };
    const reads = { guest: 401, user: 403, suspended: 401, admin: 200 };
    // A suspended user's session ended with its anti-forgery token: their writes answer 419 (session expired).
    const api = { ...reads, suspended: 419 };
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/admin/users', inertia: true, expect: pages },
      { method: 'GET', path: () => `/admin/users/${targetId}`, inertia: true, expect: pages },
      { method: 'GET', path: '/admin/audit', inertia: true, expect: pages },
      {
        method: 'GET',
        path: '/admin/confirm-password?return=/admin/users',
        inertia: true,
        expect: { ...pages, admin: 303 },
      },
      { method: 'GET', path: '/api/admin/users?q=user', expect: reads },
      { method: 'GET', path: () => `/api/admin/users/${targetId}`, expect: reads },
      { method: 'GET', path: '/api/admin/audit', expect: reads },
      { method: 'GET', path: '/admin', inertia: true, expect: pages },
      { method: 'GET', path: '/admin/metrics?period=week', inertia: true, expect: pages },
      { method: 'GET', path: '/api/admin/metrics/dashboard', expect: reads },
      { method: 'GET', path: '/api/admin/metrics?period=month', expect: reads },
      { method: 'POST', path: '/api/admin/metrics/rollup', expect: { ...api, admin: 202 } },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: { socket_id: '1.2', channel_name: 'private-admin.metrics' },
        expect: { guest: 403, user: 403, suspended: 419, admin: 200 },
      },
      {
        method: 'PATCH',
        path: async () => `/api/admin/users/${await fresh()}`,
        body: { type: 'realtor' },
        expect: api,
      },
      {
        method: 'POST',
        path: async () => `/api/admin/users/${await fresh()}/suspend`,
        body: { reason: 'Spam' },
        expect: api,
      },
      { method: 'POST', path: async () => `/api/admin/users/${await freshSuspended()}/restore`, expect: api },
      {
        method: 'POST',
        path: async () => `/api/admin/users/${await fresh({ emailVerifiedAt: null })}/verification`,
        expect: api,
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/admin/users/:id',
        path: async (caller) => {
          const id = await fresh({ email: `gone-${caller}-${Date.now()}@example.test` });
          return `/api/admin/users/${id}?for=${caller}`;
        },
        body: async () => ({ confirm: 'x' }),
        expect: { ...api, admin: 422 },
      },
      // Last: it turns the admin's session into the user's, which the next row ends.
      {
        method: 'POST',
        name: 'POST impersonate',
        path: async () => `/api/admin/users/${await fresh()}/impersonate`,
        expect: api,
      },
      {
        method: 'POST',
        name: 'POST /api/impersonation/end',
        path: async (caller) => {
          // The admin's session id (and token) changed when impersonation began.
          if (caller === 'admin') await clients.admin.refreshToken();
          return '/api/impersonation/end';
        },
        expect: { guest: 401, user: 409, suspended: 419, admin: 200 },
      },
    ]);
  });
});
