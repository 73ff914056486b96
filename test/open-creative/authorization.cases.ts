import { OpenCreativeService } from '../../src/modules/open-creative';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { delegationWorld, listManager, type DelegationWorld } from './support';

jest.setTimeout(180_000);

type Caller = 'guest' | 'stranger' | 'idle' | 'manager' | 'owner' | 'admin';

/**
 * Every OpenCreative route, and the video and designs routes that honour grants, for a guest, a stranger, a listed
 * manager without a grant (idle), the manager holding the owner's grant, the owner (the realtor) and an admin.
 */
describe('open-creative: authorization table', () => {
  let t: TestApp;
  let w: DelegationWorld;
  let clients: Record<Caller, TestClient>;
  let target: { listingId: string };

  beforeAll(async () => {
    t = await bootTestApp();
    w = await delegationWorld(t);
    target = await listManager(t, ['photo'], 'Twilight photographer');
    clients = {
      guest: await t.client(),
      stranger: w.stranger.client,
      idle: w.idle.client,
      manager: w.manager.client,
      owner: w.owner.client,
      admin: w.admin.client,
    };
  });
  afterAll(() => t?.close());

  const all = (guest: number, stranger: number, idle: number, manager: number, owner: number, admin: number) => ({
    guest,
    stranger,
    idle,
    manager,
    owner,
    admin,
  });

  it('the realtor’s work: drafts stay private, the grantee reaches what the grant covers', async () => {
    await expectAuthorizationTable(clients, [
      {
        method: 'GET',
        name: 'GET /api/spot/{slug} (draft)',
        path: () => `/api/spot/${w.spot.slug}`,
        expect: all(404, 404, 404, 200, 200, 200),
      },
      {
        method: 'PATCH',
        name: 'PATCH /api/spot/{slug}',
        path: () => `/api/spot/${w.spot.slug}`,
        body: { caption: 'Golden hour on the deck' },
        expect: all(401, 403, 403, 200, 200, 200),
      },
      {
        method: 'GET',
        name: 'GET /api/walkthrough/{slug} (draft)',
        path: () => `/api/walkthrough/${w.walkthrough.slug}`,
        expect: all(404, 404, 404, 200, 200, 200),
      },
      {
        method: 'PATCH',
        name: 'PATCH /api/walkthrough/{slug}',
        path: () => `/api/walkthrough/${w.walkthrough.slug}`,
        body: { title: 'Harbor House tour' },
        expect: all(401, 403, 403, 200, 200, 200),
      },
      {
        method: 'GET',
        name: 'GET /api/designs/{id}',
        path: () => `/api/designs/${w.designId}`,
        expect: all(401, 403, 403, 200, 200, 200),
      },
      {
        method: 'GET',
        name: 'GET /api/designs/{id}/edit-state (designs:read is not designs:edit)',
        path: () => `/api/designs/${w.designId}/edit-state`,
        expect: all(401, 403, 403, 403, 200, 200),
      },
      {
        method: 'PUT',
        name: 'PUT /api/designs/{id}/edit-state/{side} (designs:read is not designs:edit)',
        path: () => `/api/designs/${w.designId}/edit-state/front`,
        body: { selectedBrands: ['Table'] },
        expect: all(401, 403, 403, 403, 200, 403),
      },
      {
        method: 'POST',
        name: 'POST /api/designs/{id}/edit-sessions/{side} (designs:read is not designs:edit)',
        path: () => `/api/designs/${w.designId}/edit-sessions/front`,
        expect: all(401, 403, 403, 403, 201, 201),
      },
      {
        method: 'GET',
        name: 'GET /designer/{id}/edit (designs:read is not designs:edit)',
        path: () => `/designer/${w.designId}/edit`,
        inertia: true,
        expect: all(302, 403, 403, 403, 200, 200),
      },
    ]);
  });

  it('the marketplace is public; profiles, grants and activity are the caller’s own', async () => {
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/api/open-creative/managers', expect: all(200, 200, 200, 200, 200, 200) },
      {
        method: 'GET',
        name: 'GET /api/open-creative/managers/{id}',
        path: () => `/api/open-creative/managers/${target.listingId}`,
        expect: all(200, 200, 200, 200, 200, 200),
      },
      {
        method: 'GET',
        name: 'GET /api/open-creative/managers/{unknown}',
        path: '/api/open-creative/managers/00000000-0000-4000-8000-000000000000',
        expect: all(404, 404, 404, 404, 404, 404),
      },
      { method: 'GET', path: '/api/open-creative/profile', expect: all(401, 200, 200, 200, 200, 200) },
      { method: 'GET', path: '/api/open-creative/grants', expect: all(401, 200, 200, 200, 200, 200) },
      { method: 'GET', path: '/api/open-creative/grants?side=received', expect: all(401, 200, 200, 200, 200, 200) },
      { method: 'GET', path: '/api/open-creative/activity', expect: all(401, 200, 200, 200, 200, 200) },
      { method: 'GET', path: '/api/open-creative/listings', expect: all(401, 200, 200, 200, 200, 200) },
      {
        method: 'POST',
        path: '/api/open-creative/grants',
        body: { manager_id: target.listingId, scopes: ['spots:read'] },
        expect: all(401, 201, 201, 201, 201, 201),
      },
      { method: 'GET', path: '/open-creative/managers', inertia: true, expect: all(200, 200, 200, 200, 200, 200) },
      {
        method: 'PUT',
        path: '/api/open-creative/profile',
        body: { headline: 'Short-form editor', skills: ['video_editing', 'photo'] },
        expect: all(401, 200, 200, 200, 200, 200),
      },
      { method: 'DELETE', path: '/api/open-creative/profile', expect: all(401, 200, 200, 200, 200, 200) },
    ]);
  });

  it('only the grantee accepts or declines; only the realtor (or an admin) revokes', async () => {
    const svc = t.app.get(OpenCreativeService);
    // A fresh pending grant from the owner to the manager for each call (the open one is revoked first).
    const fresh = async () => {
      const open = (await svc.grants(w.owner.user, 'given', 1, 50)).data.find(
        (g) => g.manager.id === w.manager.user.id && (g.status === 'pending' || g.status === 'active'),
      );
      if (open) await svc.revoke(w.owner.user, open.id);
      await svc.saveProfile(w.manager.user, { headline: 'Reels editor', skills: ['video_editing'] });
      const listing = await svc.mine(w.manager.user);
      return (await svc.createGrant(w.owner.user, { manager_id: listing!.id, scopes: ['spots:edit'] })).id;
    };
    await expectAuthorizationTable(clients, [
      {
        method: 'POST',
        name: 'POST /api/open-creative/grants/{id}/accept',
        path: async () => `/api/open-creative/grants/${await fresh()}/accept`,
        expect: all(401, 403, 403, 200, 403, 403),
      },
      {
        method: 'POST',
        name: 'POST /api/open-creative/grants/{id}/decline',
        path: async () => `/api/open-creative/grants/${await fresh()}/decline`,
        expect: all(401, 403, 403, 200, 403, 403),
      },
      {
        method: 'POST',
        name: 'POST /api/open-creative/grants/{id}/revoke',
        path: async () => `/api/open-creative/grants/${await fresh()}/revoke`,
        expect: all(401, 403, 403, 403, 200, 200),
      },
      {
        method: 'POST',
        name: 'POST /api/open-creative/grants/{unknown}/revoke',
        path: '/api/open-creative/grants/00000000-0000-4000-8000-000000000000/revoke',
        expect: all(401, 404, 404, 404, 404, 404),
      },
    ]);
  });
});
