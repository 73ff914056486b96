import { randomUUID } from 'node:crypto';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { rawRows } from './helpers';

type Caller = 'guest' | 'stranger' | 'owner' | 'admin';

/**
 * Every creator-metrics route with what a guest, another user, the creator and an admin get. Another creator's
 * metrics answer 403 (the user exists; we never hide it behind a 404), an unknown user 404.
 */
describe('creator metrics authorization', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let ownerId: string;
  let content: Awaited<ReturnType<ReturnType<typeof rawRows>['content']>>;
  let draftSpot: string;
  afterAll(() => t?.close());
  beforeAll(async () => {
    t = await bootTestApp();
    const owner = await t.signedIn({ type: 'realtor' });
    const stranger = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    clients = { guest: await t.client(), stranger: stranger.client, owner: owner.client, admin: admin.client };
    ownerId = owner.user.id;
    content = await rawRows(t).content(ownerId);
    const draft = await rawRows(t).content(ownerId);
    await t.db.query(`UPDATE spots SET published = false WHERE id = $1`, [draft.spot.id]);
    draftSpot = draft.spot.slug;
  });

  it('lets each creator read only their own metrics and anyone report plays of what they may watch', async () => {
    const signedIn = { guest: 401, stranger: 200, owner: 200, admin: 200 };
    await expectAuthorizationTable(clients, [
      {
        method: 'GET',
        path: '/metrics',
        inertia: true,
        expect: { guest: [302, '/login'], stranger: 200, owner: 200, admin: 200 },
      },
      { method: 'GET', path: '/api/metrics/creator', expect: signedIn },
      {
        method: 'GET',
        path: '/api/metrics/creator?from=2026-01-02&to=2026-01-01',
        expect: { ...signedIn, stranger: 422, owner: 422, admin: 422 },
      },
      { method: 'GET', path: () => `/api/metrics/creators/${ownerId}`, expect: { ...signedIn, stranger: 403 } },
      {
        method: 'GET',
        name: 'GET /api/metrics/creators/:unknown',
        path: `/api/metrics/creators/${randomUUID()}`,
        expect: { guest: 401, stranger: 404, owner: 404, admin: 404 },
      },
      {
        method: 'POST',
        path: () => `/api/spot/${content.spot.slug}/views`,
        body: { watched_ms: 1_000 },
        expect: { guest: 200, stranger: 200, owner: 200, admin: 200 },
      },
      {
        method: 'POST',
        path: () => `/api/walkthrough/${content.walkthrough.slug}/views`,
        body: { watched_ms: 1_000, completed: true },
        expect: { guest: 200, stranger: 200, owner: 200, admin: 200 },
      },
      {
        method: 'POST',
        name: 'POST /api/spot/:slug/views (an unpublished spot)',
        path: () => `/api/spot/${draftSpot}/views`,
        body: { watched_ms: 1_000 },
        expect: { guest: 404, stranger: 404, owner: 200, admin: 200 },
      },
    ]);
  });
});
