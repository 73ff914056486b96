import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';

/**
 * Every journal route as a guest, a stranger, a follower of the author and the author (owner), for a private
 * draft, a followers-only post and a public post: private things stay private.
 */
describe('journal authorization', () => {
  let t: TestApp;
  let clients: Record<'guest' | 'stranger' | 'follower' | 'owner' | 'admin', TestClient>;
  let draftId: string;
  let followersId: string;
  let publicId: string;
  let handle: string;

  beforeAll(async () => {
    t = await bootTestApp();
    const owner = await t.signedIn();
    const follower = await t.signedIn();
    handle = owner.user.handle!;
    await follower.client.post(`/api/follows/${owner.user.id}`);
    const make = async (title: string, visibility: string, publish: boolean) => {
      const { body } = await owner.client.post('/api/journal').send({ title, visibility, body_html: '<p>Text</p>' });
      if (publish) await owner.client.post(`/api/journal/${body.post.id}/publish`).send({});
      return body.post.id as string;
    };
    draftId = await make('Draft', 'public', false);
    followersId = await make('Followers', 'followers', true);
    publicId = await make('Public', 'public', true);
    clients = {
      guest: await t.client(),
      stranger: (await t.signedIn()).client,
      follower: follower.client,
      owner: owner.client,
      admin: (await t.signedIn({ role: 'admin' })).client,
    };
  });
  afterAll(() => t.close());

  it('answers each caller as the table says', async () => {
    const all = (s: number) => ({ guest: s, stranger: s, follower: s, owner: s, admin: s });
    const signedIn = (s: number) => ({ ...all(s), guest: 401 });
    const ownerOnly = (s: number) => ({ guest: 401, stranger: 403, follower: 403, owner: s, admin: 403 });
    const draft = { guest: 403, stranger: 403, follower: 403, owner: 200, admin: 200 };
    const followers = { guest: 403, stranger: 403, follower: 200, owner: 200, admin: 200 };
    const fresh = async () => {
      const { body } = await clients.owner.post('/api/journal').send({ title: 'Temp', body_html: '<p>x</p>' });
      return body.post.id as string;
    };
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/journal', inertia: true, expect: all(200) },
      { method: 'GET', path: '/journal/create', inertia: true, expect: { ...all(200), guest: 302 } },
      { method: 'GET', path: `/journal/${draftId}`, inertia: true, expect: draft },
      { method: 'GET', path: `/journal/${followersId}`, inertia: true, expect: followers },
      { method: 'GET', path: `/journal/${publicId}`, inertia: true, expect: all(200) },
      {
        method: 'GET',
        path: `/journal/${draftId}/edit`,
        inertia: true,
        expect: { guest: 302, stranger: 403, follower: 403, owner: 200, admin: 403 },
      },
      { method: 'GET', path: `/journal/authors/${handle}/feed.atom`, expect: all(200) },
      { method: 'GET', path: '/journal/authors/nobody-here/feed.atom', expect: all(404) },
      { method: 'GET', path: '/api/journal', expect: all(200) },
      { method: 'GET', path: '/api/journal/mine', expect: signedIn(200) },
      { method: 'GET', path: `/api/journal/authors/${handle}`, expect: all(200) },
      { method: 'POST', path: '/api/journal', body: { title: 'Mine' }, expect: signedIn(201) },
      { method: 'POST', path: '/api/journal/images', expect: signedIn(422) },
      { method: 'GET', path: `/api/journal/${draftId}`, expect: draft },
      { method: 'GET', path: `/api/journal/${followersId}`, expect: followers },
      { method: 'GET', path: `/api/journal/${publicId}`, expect: all(200) },
      { method: 'GET', path: '/api/journal/00000000-0000-4000-8000-000000000000', expect: all(404) },
      { method: 'GET', path: '/api/journal/not-a-uuid', expect: all(404) },
      { method: 'PATCH', path: `/api/journal/${draftId}`, body: { title: 'Renamed' }, expect: ownerOnly(200) },
      {
        method: 'PATCH',
        name: 'PATCH /api/journal/{id}, bad body',
        path: `/api/journal/${draftId}`,
        body: { title: 42, visibility: 'everyone-ish' },
        expect: ownerOnly(422),
      },
      { method: 'POST', path: `/api/journal/${draftId}/unpublish`, expect: ownerOnly(200) },
      {
        method: 'POST',
        path: async (who) => `/api/journal/${who === 'owner' ? await fresh() : draftId}/publish`,
        body: {},
        expect: ownerOnly(200),
      },
      {
        method: 'DELETE',
        path: async (who) => `/api/journal/${who === 'owner' ? await fresh() : draftId}`,
        expect: ownerOnly(200),
      },
      { method: 'GET', path: `/api/journal/${draftId}/comments`, expect: draft },
      { method: 'GET', path: `/api/journal/${followersId}/comments`, expect: followers },
      {
        method: 'POST',
        path: `/api/journal/${followersId}/comments`,
        body: { body_html: 'Nice' },
        expect: { ...followers, guest: 401, follower: 201, owner: 201, admin: 201 },
      },
      {
        method: 'PUT',
        path: `/api/journal/${publicId}/like`,
        expect: { guest: 401, stranger: 200, follower: 200, owner: 403, admin: 200 },
      },
      {
        method: 'DELETE',
        path: `/api/journal/${publicId}/like`,
        expect: { guest: 401, stranger: 200, follower: 200, owner: 403, admin: 200 },
      },
      {
        method: 'POST',
        path: `/api/journal/${followersId}/flag`,
        body: { reason: 'spam' },
        expect: { guest: 401, stranger: 403, follower: 200, owner: 403, admin: 200 },
      },
      { method: 'POST', path: `/api/journal/${publicId}/flag`, body: { reason: 'nope' }, expect: signedIn(422) },
      {
        method: 'POST',
        path: '/api/journal/comments/00000000-0000-4000-8000-000000000000/flag',
        body: { reason: 'spam' },
        expect: signedIn(404),
      },
      { method: 'GET', path: '/api/community/trust', expect: signedIn(200) },
      {
        method: 'GET',
        path: '/api/community/reviews',
        expect: { guest: 401, stranger: 403, follower: 403, owner: 403, admin: 200 },
      },
      {
        method: 'GET',
        path: '/admin/community/reviews',
        inertia: true,
        expect: { guest: 302, stranger: 403, follower: 403, owner: 403, admin: 200 },
      },
      {
        method: 'POST',
        path: '/api/community/reviews/00000000-0000-4000-8000-000000000000/approve',
        expect: signedIn(404),
      },
      {
        method: 'POST',
        path: '/api/community/reviews/00000000-0000-4000-8000-000000000000/reject',
        expect: signedIn(404),
      },
    ]);
  });
});
