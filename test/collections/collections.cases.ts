import { Logger } from '@nestjs/common';
import { seedDemoBuyer } from '../../src/database/seeds/buyer.seed';
import { CollectionsService } from '../../src/modules/collections';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, expectPage } from '../support/authorization';

/** Collections: saving, sharing with members (view/edit) and by a revocable link, comments, and who may do what. */
describe('collections', () => {
  let t: TestApp;
  let svc: CollectionsService;
  let owner: { client: TestClient; user: User };
  let editor: { client: TestClient; user: User };
  let viewer: { client: TestClient; user: User };
  let stranger: { client: TestClient; user: User };
  let realtorId: string;
  let n = 0;

  async function listing(): Promise<string> {
    n += 1;
    const [row] = await t.db.query(
      `INSERT INTO properties (user_id, slug, name, city, publish, published_at, price)
       VALUES ($1, $2, $3, 'Austin', true, now(), 500000) RETURNING id`,
      [realtorId, `c-${n}-${Date.now()}`, `House ${n}`],
    );
    return row.id;
  }
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: { getStatus?: () => number }) => e.getStatus?.() ?? 500,
    );
  /** A collection of the owner's with one saved listing, shared with the editor (edit) and the viewer (view). */
  async function sharedCollection(): Promise<{ id: string; itemId: string }> {
    const c = await svc.create(owner.user, 'Weekend picks');
    const { item_id } = await svc.addItem(owner.user, c.id, await listing());
    await svc.addMember(owner.user, c.id, editor.user.email, 'edit');
    await svc.addMember(owner.user, c.id, `@${viewer.user.handle}`, 'view');
    return { id: c.id, itemId: item_id };
  }

  beforeAll(async () => {
    t = await bootTestApp();
    svc = t.app.get(CollectionsService);
    [owner, editor, viewer, stranger] = await Promise.all([
      t.signedIn(),
      t.signedIn(),
      t.signedIn({ handle: `viewer${Date.now() % 100000}` }),
      t.signedIn(),
    ]);
    realtorId = (await t.createUser({ type: 'realtor' })).id;
  });
  afterAll(() => t.close());

  it('saves listings once, pages them, and lists shared collections for members', async () => {
    const { id } = await sharedCollection();
    const again = await listing();
    const first = await svc.addItem(editor.user, id, again);
    expect(await svc.addItem(owner.user, id, again)).toEqual(first); // saved twice keeps one
    const detail = await svc.show(viewer.user, id, 1, 1);
    expect(detail).toMatchObject({ access: 'view', share_url: null, items_count: 2 });
    expect(detail.items).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(detail.members.map((m) => m.role)).toEqual(['edit', 'view']);
    const mine = await svc.page(editor.user, 1, 20, true);
    expect(mine.data.map((c) => [c.id, c.access])).toContainEqual([id, 'edit']);
    expect((await svc.page(viewer.user, 1, 20, true)).data.map((c) => c.id)).not.toContain(id);
    const [{ title }] = await t.db.query(`SELECT title FROM notifications WHERE user_id = $1 AND kind = 'collection'`, [
      viewer.user.id,
    ]);
    expect(title).toContain('"Weekend picks"');
  });

  it('keeps comments as plain text and shows them to members only', async () => {
    const { id, itemId } = await sharedCollection();
    const c = await svc.comment(viewer.user, id, itemId, '<img src=x onerror=alert(1)>Love the <b>yard</b>\u0000');
    expect(c.body).toBe('Love the yard');
    expect(await status(svc.comment(viewer.user, id, itemId, '<p> </p>'))).toBe(422);
    expect(await status(svc.comment(stranger.user, id, itemId, 'hi'))).toBe(403);
    const detail = await svc.show(editor.user, id, 1, 20);
    expect(detail.items.data[0].comments.map((x) => x.body)).toEqual(['Love the yard']);
  });

  it('shares by an unguessable link that a new link or a revoke turns off', async () => {
    const { id } = await sharedCollection();
    const { share_url } = await svc.share(owner.user, id);
    const token = share_url.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const guest = await t.client();
    const seen = await guest.get(`/api/collections/shared/${token}`).set('Accept', 'application/json');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ access: 'link', members: [] });
    expect(seen.body.items.data[0].comments).toEqual([]);
    expectPage(await guest.visit(`/collections/shared/${token}`), 'Collections/Show', { collection: { id } });
    const { share_url: next } = await svc.share(owner.user, id);
    expect((await guest.get(`/api/collections/shared/${token}`)).status).toBe(404); // the old link is dead
    await svc.revokeShare(owner.user, id);
    expect((await guest.get(`/api/collections/shared/${next.split('/').pop()}`)).status).toBe(404);
  });

  it('answers each caller as the authorization table says', async () => {
    const { id, itemId } = await sharedCollection();
    const clients = {
      guest: await t.client(),
      stranger: stranger.client,
      viewer: viewer.client,
      editor: editor.client,
      owner: owner.client,
    };
    const row = (guest: number, strangerS: number, viewerS: number, editorS: number, ownerS: number) => ({
      guest,
      stranger: strangerS,
      viewer: viewerS,
      editor: editorS,
      owner: ownerS,
    });
    const fresh = async () => (await sharedCollection()).id;
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/collections', inertia: true, expect: row(302, 200, 200, 200, 200) },
      { method: 'GET', path: () => `/collections/${id}`, inertia: true, expect: row(302, 403, 200, 200, 200) },
      { method: 'GET', path: '/api/collections?editable=1', expect: row(401, 200, 200, 200, 200) },
      { method: 'POST', path: '/api/collections', body: { name: 'New' }, expect: row(401, 201, 201, 201, 201) },
      { method: 'GET', path: () => `/api/collections/${id}`, expect: row(401, 403, 200, 200, 200) },
      {
        method: 'GET',
        path: '/api/collections/00000000-0000-4000-8000-000000000000',
        expect: row(401, 404, 404, 404, 404),
      },
      {
        method: 'PATCH',
        path: () => `/api/collections/${id}`,
        body: { name: 'Renamed' },
        expect: row(401, 403, 403, 403, 200),
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/collections/{id}',
        path: async () => `/api/collections/${await fresh()}`,
        expect: row(401, 403, 403, 403, 200),
      },
      {
        method: 'POST',
        name: 'POST /api/collections/{id}/items',
        path: () => `/api/collections/${id}/items`,
        body: async () => ({ property_id: await listing() }),
        expect: row(401, 403, 403, 201, 201),
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/collections/{id}/items/{item}',
        path: async () => {
          const c = await sharedCollection();
          return `/api/collections/${c.id}/items/${c.itemId}`;
        },
        expect: row(401, 403, 403, 200, 200),
      },
      {
        method: 'POST',
        name: 'POST /api/collections/{id}/items/{item}/comments',
        path: () => `/api/collections/${id}/items/${itemId}/comments`,
        body: { body: 'Near the park' },
        expect: row(401, 403, 201, 201, 201),
      },
      {
        method: 'POST',
        name: 'POST /api/collections/{id}/share-link',
        path: () => `/api/collections/${id}/share-link`,
        expect: row(401, 403, 403, 403, 201),
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/collections/{id}/share-link',
        path: () => `/api/collections/${id}/share-link`,
        expect: row(401, 403, 403, 403, 200),
      },
      {
        method: 'POST',
        name: 'POST /api/collections/{id}/members',
        path: () => `/api/collections/${id}/members`,
        body: { who: stranger.user.email, role: 'view' },
        expect: row(401, 403, 403, 403, 201),
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/collections/{id}/members/{viewer} (the viewer leaves; others may not remove)',
        path: async () => `/api/collections/${await fresh()}/members/${viewer.user.id}`,
        expect: row(401, 403, 200, 403, 200),
      },
      {
        method: 'GET',
        name: 'GET /api/collections/shared/{unknown}',
        path: `/api/collections/shared/${'x'.repeat(32)}`,
        expect: row(404, 404, 404, 404, 404),
      },
    ]);
    const bad = await owner.client
      .post(`/api/collections/${id}/members`)
      .send({ who: 'nobody@nowhere.test', role: 'own' });
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['role']);
    const unknown = await owner.client
      .post(`/api/collections/${id}/members`)
      .send({ who: 'nobody@nowhere.test', role: 'view' });
    expect(unknown.status).toBe(422);
    expect((await owner.client.post(`/api/collections/${id}/items`).send({ property_id: 'x' })).status).toBe(422);
  });

  it('the demo seed adds a shared collection and two tours, once', async () => {
    const [rita, bella] = await Promise.all([
      t.createUser({ email: 'realtor@reelty.test', type: 'realtor', handle: 'rita-demo' }),
      t.createUser({ email: 'buyer@reelty.test', handle: 'bella-demo' }),
      t.createUser({ email: 'viewer@reelty.test', handle: 'victor-demo' }),
    ]);
    const saved = realtorId;
    realtorId = rita.id;
    for (let i = 0; i < 4; i++) await listing();
    realtorId = saved;
    const logger = new Logger('seed');
    await seedDemoBuyer(t.app, logger);
    await seedDemoBuyer(t.app, logger);
    const page = await svc.page(bella, 1, 20);
    expect(page.data.map((c) => [c.name, c.items_count])).toEqual([['Austin shortlist', 3]]);
    const tours = await t.db.query(`SELECT status FROM tour_requests WHERE buyer_id = $1 ORDER BY status`, [bella.id]);
    expect(tours.map((r: { status: string }) => r.status)).toEqual(['confirmed', 'requested']);
    const items = (await svc.show(rita, page.data[0].id, 1, 20)).items.data;
    expect(items.flatMap((i) => i.comments.map((c) => c.body))).toHaveLength(2);
  });
});
