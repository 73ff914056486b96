import { SavedSearchAlertsService } from '../../src/modules/saved-searches/saved-search-alerts.service';
import { SavedSearchesService } from '../../src/modules/saved-searches/saved-searches.service';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';

type Caller = 'guest' | 'stranger' | 'owner' | 'admin';

/** Every saved-search route with what each kind of caller gets. */
describe('saved-searches authorization', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let owner: User;
  let searchId: string;

  const fresh = async () =>
    (await t.app.get(SavedSearchesService).create(owner, { name: 'Fresh', params: { lat: 1, lng: 1 } as never })).id;

  beforeAll(async () => {
    t = await bootTestApp();
    const [stranger, o, admin] = await Promise.all([t.signedIn(), t.signedIn(), t.signedIn({ role: 'admin' })]);
    owner = o.user;
    clients = { guest: await t.client(), stranger: stranger.client, owner: o.client, admin: admin.client };
    searchId = await fresh();
  });
  afterAll(() => t.close());

  it('answers each caller as the table says', async () => {
    const signedIn = (ok: number) => ({ guest: 401, stranger: ok, owner: ok, admin: ok });
    const ownerOnly = (ok: number) => ({ guest: 401, stranger: 403, owner: ok, admin: 403 });
    const token = () => t.app.get(SavedSearchAlertsService).unsubscribeToken(owner.id);
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/api/market/saved-searches', expect: signedIn(200) },
      {
        method: 'POST',
        path: '/api/market/saved-searches',
        body: { name: 'Drawn', params: { polygon: '30,-98;30,-97;31,-97.5' } },
        expect: signedIn(201),
      },
      {
        method: 'PATCH',
        path: () => `/api/market/saved-searches/${searchId}`,
        body: { alerts: false },
        expect: ownerOnly(200),
      },
      {
        method: 'PATCH',
        name: 'PATCH /api/market/saved-searches/{id}, bad body',
        path: () => `/api/market/saved-searches/${searchId}`,
        body: { alerts: 'maybe' },
        expect: ownerOnly(422),
      },
      {
        method: 'PATCH',
        path: '/api/market/saved-searches/00000000-0000-4000-8000-000000000000',
        body: { alerts: false },
        expect: { guest: 401, stranger: 404, owner: 404, admin: 404 },
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/market/saved-searches/{id}',
        path: async () => `/api/market/saved-searches/${await fresh()}`,
        expect: ownerOnly(200),
      },
      { method: 'GET', path: '/api/saved-searches/settings', expect: signedIn(200) },
      { method: 'PUT', path: '/api/saved-searches/settings', body: { email: 'instant' }, expect: signedIn(200) },
      {
        method: 'GET',
        inertia: true,
        name: 'GET /saved-searches/unsubscribe/{token}',
        path: () => `/saved-searches/unsubscribe/${token()}`,
        expect: { guest: 200, stranger: 200, owner: 200, admin: 200 },
      },
      {
        method: 'GET',
        inertia: true,
        name: 'GET /saved-searches/unsubscribe/{forged}',
        path: () => `/saved-searches/unsubscribe/${owner.id}.forged`,
        expect: { guest: 404, stranger: 404, owner: 404, admin: 404 },
      },
      {
        method: 'POST',
        name: 'POST /saved-searches/unsubscribe/{token}',
        path: () => `/saved-searches/unsubscribe/${token()}`,
        headers: { 'X-Inertia': 'true' },
        expect: { guest: 200, stranger: 200, owner: 200, admin: 200 },
      },
      {
        method: 'POST',
        name: 'POST /unsubscribe/saved-searches/{token} (one-click)',
        path: () => `/unsubscribe/saved-searches/${token()}`,
        expect: { guest: 200, stranger: 200, owner: 200, admin: 200 },
      },
      {
        method: 'GET',
        name: 'GET /unsubscribe/saved-searches/{token}',
        path: () => `/unsubscribe/saved-searches/${token()}`,
        expect: { guest: 303, stranger: 303, owner: 303, admin: 303 },
      },
      {
        method: 'POST',
        name: 'POST /unsubscribe/saved-searches/{forged}',
        path: () => `/unsubscribe/saved-searches/${owner.id}.forged`,
        expect: { guest: 404, stranger: 404, owner: 404, admin: 404 },
      },
    ]);
  });

  it('answers 422 for bad bodies', async () => {
    const c = clients.owner;
    expect((await c.put('/api/saved-searches/settings').send({ email: 'hourly' })).status).toBe(422);
    expect((await c.patch(`/api/market/saved-searches/${searchId}`).send({ alerts: 'maybe' })).status).toBe(422);
    const bad = await c.post('/api/market/saved-searches').send({ name: 'x', params: { polygon: '1,1;1,1;1,1' } });
    expect(bad.status).toBe(422);
  });
});
