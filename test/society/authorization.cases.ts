import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { trustedUser } from '../community/support';

/** Every society route as a guest, a stranger, a member, a moderator and the owner, on an invite-only society. */
describe('society authorization', () => {
  let t: TestApp;
  let clients: Record<'guest' | 'stranger' | 'member' | 'moderator' | 'owner', TestClient>;
  let id: string;
  let publicId: string;
  let postId: string;
  let memberId: string;
  let strangerId: string;

  beforeAll(async () => {
    t = await bootTestApp();
    const owner = await trustedUser(t);
    const member = await t.signedIn();
    const moderator = await t.signedIn();
    const stranger = await t.signedIn();
    id = (await owner.client.post('/api/societies').send({ name: 'Secret Estates', visibility: 'invite_only' })).body
      .society.id;
    publicId = (await owner.client.post('/api/societies').send({ name: 'Open Estates' })).body.society.id;
    for (const who of [member, moderator]) {
      await owner.client.post(`/api/societies/${id}/invites`).send({ user_id: who.user.id });
      await who.client.post(`/api/societies/${id}/join`);
    }
    await owner.client.put(`/api/societies/${id}/members/${moderator.user.id}`).send({ role: 'moderator' });
    postId = (await member.client.post(`/api/societies/${id}/posts`).send({ body_html: 'Hello' })).body.post.id;
    memberId = member.user.id;
    strangerId = stranger.user.id;
    clients = {
      guest: await t.client(),
      stranger: stranger.client,
      member: member.client,
      moderator: moderator.client,
      owner: owner.client,
    };
  });
  afterAll(() => t.close());

  it('answers each caller as the table says', async () => {
    const all = (s: number) => ({ guest: s, stranger: s, member: s, moderator: s, owner: s });
    const insiders = (s: number) => ({ guest: 403, stranger: 403, member: s, moderator: s, owner: s });
    const writers = (s: number) => ({ guest: 401, stranger: 403, member: s, moderator: s, owner: s });
    const mods = (s: number) => ({ guest: 401, stranger: 403, member: 403, moderator: s, owner: s });
    const ownerOnly = (s: number) => ({ guest: 401, stranger: 403, member: 403, moderator: 403, owner: s });
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/societies', inertia: true, expect: all(200) },
      { method: 'GET', path: `/societies/${id}`, inertia: true, expect: insiders(200) },
      { method: 'GET', path: `/societies/${publicId}`, inertia: true, expect: all(200) },
      { method: 'GET', path: '/api/societies', expect: all(200) },
      { method: 'GET', path: '/api/societies?mine=true', expect: all(200) },
      { method: 'POST', path: '/api/societies', body: { name: '' }, expect: { ...all(422), guest: 401 } },
      { method: 'GET', path: `/api/societies/${id}`, expect: insiders(200) },
      { method: 'GET', path: '/api/societies/00000000-0000-4000-8000-000000000000', expect: all(404) },
      { method: 'PATCH', path: `/api/societies/${id}`, body: { description: 'Quiet' }, expect: ownerOnly(200) },
      // A bad body is the owner's 422 only: everyone else is refused before the body is read.
      {
        method: 'PATCH',
        name: 'PATCH /api/societies/:id, bad body',
        path: `/api/societies/${id}`,
        body: { visibility: 'secret-ish' },
        expect: ownerOnly(422),
      },
      { method: 'POST', path: `/api/societies/${id}/join`, expect: { ...writers(200), stranger: 403 } },
      { method: 'GET', path: `/api/societies/${id}/members`, expect: insiders(200) },
      {
        method: 'PUT',
        path: `/api/societies/${id}/members/${memberId}`,
        body: { role: 'member' },
        expect: ownerOnly(200),
      },
      {
        method: 'DELETE',
        path: `/api/societies/${id}/members/00000000-0000-4000-8000-000000000000`,
        expect: mods(404),
      },
      { method: 'GET', path: `/api/societies/${id}/posts`, expect: insiders(200) },
      { method: 'POST', path: `/api/societies/${id}/posts`, body: { body_html: 'Hi' }, expect: writers(201) },
      { method: 'GET', path: `/api/society-posts/${postId}/comments`, expect: insiders(200) },
      {
        method: 'POST',
        path: `/api/society-posts/${postId}/comments`,
        body: { body_html: 'Yes' },
        expect: writers(201),
      },
      {
        method: 'POST',
        name: 'POST /api/society-posts/:id/comments, bad body',
        path: `/api/society-posts/${postId}/comments`,
        body: { body_html: 42 },
        expect: writers(422),
      },
      {
        method: 'POST',
        path: `/api/society-posts/${postId}/flag`,
        body: { reason: 'spam' },
        expect: { guest: 401, stranger: 403, member: 403, moderator: 200, owner: 200 },
      },
      // Last but one: from here on the stranger holds an invitation (and may read).
      { method: 'POST', path: `/api/societies/${id}/invites`, body: { user_id: strangerId }, expect: mods(201) },
      { method: 'POST', path: `/api/societies/${id}/leave`, expect: { ...writers(200), owner: 422 } },
    ]);
  });
});
