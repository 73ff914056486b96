import { Clock } from '../../src/common/clock';
import { ModerationService, TrustService } from '../../src/modules/community';
import { TimersService } from '../../src/modules/jobs';
import { JournalReadService } from '../../src/modules/journal';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { trustedUser } from '../community/support';

describe('journal', () => {
  let t: TestApp;
  let author: { client: TestClient; user: { id: string; handle: string | null } };

  beforeAll(async () => {
    t = await bootTestApp();
    author = await trustedUser(t);
  });
  afterAll(() => t.close());

  const draft = async (client: TestClient, body: Record<string, unknown> = {}) => {
    const res = await client.post('/api/journal').send({ title: 'Pool season', body_html: '<p>Hello</p>', ...body });
    expect(res.status).toBe(201);
    return res.body.post as { id: string; status: string; visibility: string; body_html: string };
  };

  it('stores only sanitised rich text and starts as a private draft', async () => {
    const post = await draft(author.client, {
      body_html:
        '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a></p>',
    });
    expect(post).toMatchObject({ status: 'draft', visibility: 'private', body_html: '<p>Hi<a>a</a></p>' });
    const stranger = (await t.signedIn()).client;
    expect((await stranger.get(`/api/journal/${post.id}`)).status).toBe(403);
  });

  it('answers 422 with field errors for bad input and 404 for unknown ids', async () => {
    const untitled = await author.client.post('/api/journal').send({});
    expect(untitled.status).toBe(422);
    expect(Object.keys(untitled.body.errors)).toEqual(['title']);
    const res = await author.client
      .post('/api/journal')
      .send({ title: '', visibility: 'everyone', embeds: [{ kind: 'x' }] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['embeds.0.kind', 'embeds.0.ref', 'title', 'visibility']);
    const embed = await author.client
      .post('/api/journal')
      .send({ title: 'x', embeds: [{ kind: 'listing', ref: '00000000-0000-4000-8000-000000000000' }] });
    expect(embed.status).toBe(422);
    expect(embed.body.errors['embeds.0.ref']).toBeDefined();
    expect((await author.client.get('/api/journal/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const post = await draft(author.client);
    expect((await author.client.post(`/api/journal/${post.id}/publish`).send({ publish_at: 'tomorrow' })).status).toBe(
      422,
    );
  });

  it('publishes to followers: they are notified once, may read and comment; strangers may not', async () => {
    const follower = await t.signedIn();
    expect((await follower.client.post(`/api/follows/${author.user.id}`)).status).toBeLessThan(300);
    const post = await draft(author.client, { visibility: 'followers', title: 'Followers only' });
    const published = await author.client.post(`/api/journal/${post.id}/publish`).send({});
    expect(published.body.post.status).toBe('published');
    await waitFor(async () => (await notices(t, follower.user.id, post.id)) >= 1);
    await t.app.get(JournalReadService).notifyFollowers({ postId: post.id });
    expect(await notices(t, follower.user.id, post.id)).toBe(1);
    expect((await follower.client.get(`/api/journal/${post.id}`)).status).toBe(200);
    const comment = await follower.client
      .post(`/api/journal/${post.id}/comments`)
      .send({ body_html: '<b>Lovely</b><script>x</script>' });
    expect(comment.status).toBe(201);
    expect(comment.body.comment.body_html).toBe('<b>Lovely</b>');
    const stranger = (await t.signedIn()).client;
    expect((await stranger.get(`/api/journal/${post.id}`)).body.message).toMatch(/followers/);
    const guest = await t.client();
    expect((await guest.get(`/api/journal/${post.id}/comments`)).status).toBe(403);
  });

  it('publishes a scheduled post only when its timer fires at or after the time', async () => {
    const clock = t.app.get(Clock);
    const post = await draft(author.client, { visibility: 'public', title: 'Open house Sunday' });
    const when = new Date(clock.nowMs() + 3_600_000).toISOString();
    const res = await author.client.post(`/api/journal/${post.id}/publish`).send({ publish_at: when });
    expect(res.body.post.status).toBe('scheduled');
    const timers = t.app.get(TimersService);
    await timers.fire('journal.publish', { postId: post.id });
    expect((await author.client.get(`/api/journal/${post.id}`)).body.post.status).toBe('scheduled');
    clock.set(new Date(clock.nowMs() + 3_700_000));
    try {
      await timers.fire('journal.publish', { postId: post.id });
      await timers.fire('journal.publish', { postId: post.id });
      const shown = await (await t.client()).get(`/api/journal/${post.id}`);
      expect(shown.body.post).toMatchObject({ status: 'published', visibility: 'public' });
      const feed = await (await t.client()).get('/api/journal');
      expect(feed.body.data.map((p: { id: string }) => p.id)).toContain(post.id);
      const atom = await (await t.client()).get(`/journal/authors/${author.user.handle}/feed.atom`);
      expect(atom.headers['content-type']).toMatch(/atom\+xml/);
      expect(atom.text).toContain('<title>Open house Sunday</title>');
    } finally {
      clock.reset();
    }
  });

  it("holds a new account's post with a link for review; a moderator's approval shows it", async () => {
    const newbie = await t.signedIn();
    expect((await t.app.get(TrustService).standing(newbie.user as never)).level).toBe(0);
    const post = await draft(newbie.client, {
      visibility: 'public',
      body_html: '<p>Visit <a href="https://spam.example">us</a></p>',
    });
    const published = await newbie.client.post(`/api/journal/${post.id}/publish`).send({});
    expect(published.body.post.moderation).toBe('pending');
    const reader = (await t.signedIn()).client;
    expect((await reader.get(`/api/journal/${post.id}`)).body.message).toMatch(/moderator/);
    const admin = await t.signedIn({ role: 'admin' });
    const queue = await admin.client.get('/api/community/reviews');
    const review = queue.body.data.find((r: { subject_id: string }) => r.subject_id === post.id);
    expect(review).toMatchObject({ reason: 'link', status: 'open' });
    expect((await reader.post(`/api/community/reviews/${review.id}/approve`)).status).toBe(403);
    expect((await admin.client.post(`/api/community/reviews/${review.id}/approve`)).status).toBe(200);
    expect((await reader.get(`/api/journal/${post.id}`)).status).toBe(200);
    // A trusted author's link needs no review.
    const trusted = await draft(author.client, {
      visibility: 'public',
      body_html: '<p><a href="https://ok.example">ok</a></p>',
    });
    expect((await author.client.post(`/api/journal/${trusted.id}/publish`).send({})).body.post.moderation).toBe(
      'visible',
    );
  });

  it('hides a post flagged by three people until a moderator decides; likes count towards trust', async () => {
    const post = await draft(author.client, { visibility: 'public', title: 'Flag me' });
    await author.client.post(`/api/journal/${post.id}/publish`).send({});
    expect((await author.client.post(`/api/journal/${post.id}/flag`).send({ reason: 'spam' })).status).toBe(403);
    const flaggers = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
    const answers = [];
    for (const f of flaggers)
      answers.push((await f.client.post(`/api/journal/${post.id}/flag`).send({ reason: 'spam' })).body);
    expect(answers.map((a) => a.hidden)).toEqual([false, false, true]);
    expect((await flaggers[0].client.get(`/api/journal/${post.id}`)).body.message).toMatch(/hidden/);
    expect((await author.client.get(`/api/journal/${post.id}`)).body.post.moderation).toBe('hidden');
    const review = (await t.app.get(ModerationService).list('open', 1, 50)).data.find((r) => r.subject_id === post.id)!;
    expect(review).toMatchObject({ reason: 'flags', flags_count: 3 });
    const admin = await t.signedIn({ role: 'admin' });
    await admin.client.post(`/api/community/reviews/${review.id}/reject`);
    expect((await flaggers[0].client.get(`/api/journal/${post.id}`)).body.message).toMatch(/removed/);

    const liked = await draft(author.client, { visibility: 'public', title: 'Like me' });
    await author.client.post(`/api/journal/${liked.id}/publish`).send({});
    const before = (await t.app.get(TrustService).activity(author.user as never)).likes_received;
    const like = await flaggers[1].client.put(`/api/journal/${liked.id}/like`);
    expect(like.body).toEqual({ liked: true, likes_count: 1 });
    await flaggers[1].client.put(`/api/journal/${liked.id}/like`);
    expect((await t.app.get(TrustService).activity(author.user as never)).likes_received).toBe(before + 1);
  });

  it('rate-limits posting', async () => {
    const { client } = await trustedUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await client.post('/api/journal').send({ title: `Post ${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

async function notices(t: TestApp, userId: string, postId: string): Promise<number> {
  const [{ n }] = await t.db.query(
    `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'journal_post' AND data->>'post_id' = $2`,
    [userId, postId],
  );
  return n;
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
