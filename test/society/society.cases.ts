import { bootTestApp, TestApp } from '../support/app';
import { trustedUser } from '../community/support';

describe('societies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('needs trust level 2 to create a society; names are unique; bad input is a 422', async () => {
    const newbie = await t.signedIn();
    const refused = await newbie.client.post('/api/societies').send({ name: 'Miami Luxury' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/trust level 2/);
    const owner = await trustedUser(t);
    expect((await owner.client.post('/api/societies').send({ name: 'Miami Luxury' })).status).toBe(201);
    const dup = await owner.client.post('/api/societies').send({ name: 'miami luxury' });
    expect(dup.body.errors).toEqual({ name: ['A society with this name exists.'] });
    const bad = await owner.client.post('/api/societies').send({ name: 'x', visibility: 'secret' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'visibility']);
    const nameless = await owner.client.post('/api/societies').send({});
    expect(nameless.status).toBe(422);
    expect(Object.keys(nameless.body.errors)).toEqual(['name']);
  });

  it('lets only invited people into an invite-only society, and pages the feed by keyset', async () => {
    const owner = await trustedUser(t);
    const { body } = await owner.client
      .post('/api/societies')
      .send({ name: 'Aspen Insiders', visibility: 'invite_only' });
    const id = body.society.id as string;
    const guest = await t.signedIn();
    expect((await guest.client.post(`/api/societies/${id}/join`)).status).toBe(403);
    expect((await owner.client.post(`/api/societies/${id}/invites`).send({ user_id: guest.user.id })).status).toBe(201);
    expect((await guest.client.get(`/api/societies/${id}`)).body.society.invited).toBe(true);
    expect((await guest.client.post(`/api/societies/${id}/join`)).body.society.my_role).toBe('member');
    for (let i = 0; i < 25; i += 1) {
      await t.db.query(
        `INSERT INTO society_posts (society_id, author_id, body_html, created_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
        [id, owner.user.id, `<p>Post ${i}</p>`, i],
      );
    }
    const first = await guest.client.get(`/api/societies/${id}/posts`);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].body_html).toBe('<p>Post 0</p>');
    const second = await guest.client.get(`/api/societies/${id}/posts?cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((p: { body_html: string }) => p.body_html)).toEqual(
      [20, 21, 22, 23, 24].map((i) => `<p>Post ${i}</p>`),
    );
    expect(second.body.next_cursor).toBeNull();
    expect((await guest.client.get(`/api/societies/${id}/posts?cursor=bogus`)).status).toBe(422);
  });

  it("hides a post three members flag until the society's moderator approves it", async () => {
    const owner = await trustedUser(t);
    const { body } = await owner.client.post('/api/societies').send({ name: 'Lake Como Villas' });
    const id = body.society.id as string;
    const author = await t.signedIn();
    await author.client.post(`/api/societies/${id}/join`);
    const post = (
      await author.client.post(`/api/societies/${id}/posts`).send({ body_html: '<p>Hi <script>x</script></p>' })
    ).body.post;
    expect(post.body_html).toBe('<p>Hi </p>');
    const mod = await t.signedIn();
    await mod.client.post(`/api/societies/${id}/join`);
    expect(
      (await owner.client.put(`/api/societies/${id}/members/${mod.user.id}`).send({ role: 'moderator' })).status,
    ).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const f = await t.signedIn();
      await f.client.post(`/api/society-posts/${post.id}/flag`).send({ reason: 'spam' });
    }
    const feed = await author.client.get(`/api/societies/${id}/posts`);
    expect(feed.body.data.map((p: { id: string }) => p.id)).not.toContain(post.id);
    const admin = await t.signedIn({ role: 'admin' });
    const review = (await admin.client.get('/api/community/reviews')).body.data.find(
      (r: { subject_id: string }) => r.subject_id === post.id,
    );
    expect((await author.client.post(`/api/community/reviews/${review.id}/approve`)).status).toBe(403);
    expect((await mod.client.post(`/api/community/reviews/${review.id}/approve`)).status).toBe(200);
    const again = await author.client.get(`/api/societies/${id}/posts`);
    expect(again.body.data.map((p: { id: string }) => p.id)).toContain(post.id);
  });

  it("holds a new member's post with a link for review", async () => {
    const owner = await trustedUser(t);
    const { body } = await owner.client.post('/api/societies').send({ name: 'Hamptons Homes' });
    const newbie = await t.signedIn();
    await newbie.client.post(`/api/societies/${body.society.id}/join`);
    const res = await newbie.client
      .post(`/api/societies/${body.society.id}/posts`)
      .send({ body_html: 'see www.spam.example' });
    expect(res.body.post.moderation).toBe('pending');
    expect((await owner.client.get(`/api/societies/${body.society.id}/posts`)).body.data).toHaveLength(0);
  });
});
