import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp } from '../support/app';

describe('people: profiles, follows, markets, stats (spec 7 "Users and markets")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('shows a profile by handle and by user id with counts, published listings only and a message link', async () => {
    const { client: realtorClient, user: realtor } = await t.signedIn({
      type: 'realtor',
      handle: 'profiled',
      bio: 'Austin homes',
    });
    await makeProperty(realtorClient, { name: 'Listed One' });
    await makeProperty(realtorClient, { name: 'Hidden Draft' }, false);
    await makeProperty(realtorClient, { name: 'Private One', is_private: true });
    const guest = await t.client();
    const res = await guest.get('/api/profile/profiled');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: realtor.id,
      handle: 'profiled',
      bio: 'Austin homes',
      followers_count: 0,
      followings_count: 0,
      listings_count: 1,
      is_following: false,
      is_self: false,
    });
    expect(res.body.user.email).toBeUndefined();
    expect(res.body.listings.data.map((l: { name: string }) => l.name)).toEqual(['Listed One']);
    expect(res.body.listings.data[0]).toMatchObject({
      spot: null,
      spotVideo: null,
      walkthrough: null,
      open_houses: [],
    });
    expect(res.body.spots).toEqual([]);
    expect(res.body.message_url).toBeNull();
    const byId = await guest.get(`/api/profile/user/${realtor.id}`);
    expect(byId.body.user.handle).toBe('profiled');
    const { client: viewer } = await t.signedIn();
    expect((await viewer.get('/api/profile/PROFILED')).body.message_url).toBe(`/chats?user=${realtor.id}`);
    expect((await guest.get('/api/profile/nobody-here')).status).toBe(404);
    expect((await guest.get('/api/profile/user/not-a-uuid')).status).toBe(404);
    expect((await guest.get('/api/profile/user/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // The page.
    const page = await guest.visit('/profile/profiled');
    expect(page.status).toBe(200);
    expect(page.body.component).toBe('Profile/Show');
  });

  it('follows and unfollows, notifies the followed user once, lists followers and followings paged', async () => {
    const { client: a, user: alice } = await t.signedIn({ handle: 'alicef' });
    const { user: bob } = await t.signedIn({ handle: 'bobf' });
    const { client: c } = await t.signedIn({ handle: 'carolf' });
    const followed = await a.post(`/api/follows/${bob.id}`).send({});
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ following: true, followers_count: 1 });
    // Idempotent, and only one notification.
    await a.post(`/api/follows/${bob.id}`).send({});
    await c.post(`/api/follows/${bob.id}`).send({});
    const notes = await t.db.query(
      `SELECT kind, title, url FROM notifications WHERE user_id = $1 ORDER BY created_at`,
      [bob.id],
    );
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      kind: 'new_follower',
      title: '@alicef started following you',
      url: '/profile/alicef',
    });

    expect((await a.post(`/api/follows/${alice.id}`).send({})).status).toBe(422);
    expect((await a.post(`/api/follows/not-a-uuid`).send({})).status).toBe(404);

    const followers = await a.get('/api/followers').query({ user_id: bob.id, per_page: 1 });
    expect(followers.status).toBe(200);
    expect(followers.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(followers.body.data[0].handle).toBe('carolf');
    expect(followers.body.data[0].followed_at).toBeTruthy();
    const page2 = await a.get(followers.body.next_page_url);
    expect(page2.body.data[0].handle).toBe('alicef');
    const followings = await a.get('/api/followings');
    expect(followings.body.data.map((u: { handle: string }) => u.handle)).toEqual(['bobf']);
    expect((await a.get('/api/profile/bobf')).body.user).toMatchObject({ is_following: true, followers_count: 2 });

    const un = await a.delete(`/api/follows/${bob.id}`);
    expect(un.body).toMatchObject({ following: false, followers_count: 1 });
    expect((await a.get('/api/followings')).body.total).toBe(0);
    expect((await a.get('/api/followers').query({ user_id: 'nope' })).status).toBe(422);
  });

  it('markets: add (found or created, geocoded offline), list, per user, detach; only oneself', async () => {
    const { client: a, user: alice } = await t.signedIn();
    const { client: b, user: bob } = await t.signedIn();
    const added = await a.post('/api/markets').send({ name: 'Austin', state: 'TX' });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Market added');
    expect(added.body.market).toMatchObject({ name: 'Austin', country_code: 'US' });
    expect(added.body.market.latitude).toBeCloseTo(30.267, 2);
    const again = await b.post('/api/markets').send({ name: 'austin' });
    expect(again.body.market.id).toBe(added.body.market.id);
    await a.post('/api/markets').send({ name: 'Denver', latitude: 39.74, longitude: -104.99 });
    expect((await a.post('/api/markets').send({ name: '' })).status).toBe(422);
    expect((await a.post('/api/markets').send({ name: 'Elsewhere', user_id: bob.id })).status).toBe(403);

    const mine = await (await t.client()).get(`/api/markets/user/${alice.id}`);
    expect(mine.body.markets.map((m: { name: string }) => m.name)).toEqual(['Austin', 'Denver']);
    const all = await (await t.client()).get('/api/markets').query({ search: 'aus' });
    expect(all.body).toMatchObject({ total: 1, current_page: 1 });

    expect((await b.post(`/api/markets/${added.body.market.id}/user/${alice.id}/detach`).send({})).status).toBe(403);
    const removed = await a.post(`/api/markets/${added.body.market.id}/user/${alice.id}/detach`).send({});
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Market removed' });
    expect(removed.body.markets.map((m: { name: string }) => m.name)).toEqual(['Denver']);
    expect((await a.post(`/api/markets/${added.body.market.id}/user/${alice.id}/detach`).send({})).status).toBe(404);
    expect((await (await t.client()).get('/api/markets/user/not-a-uuid')).status).toBe(404);
  });

  it('stats: update, validate by kind, clear; shown on the profile', async () => {
    const { client, user } = await t.signedIn({ handle: 'statsy' });
    const res = await client.post('/api/user/stat/homes_sold/update').send({ value: 42 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Stats Updated');
    expect(res.body.stats.find((s: { stat_id: string }) => s.stat_id === 'homes_sold').value).toBe('42');
    expect((await client.post('/api/user/stat/homes_sold/update').send({ value: 'many' })).status).toBe(422);
    expect(
      (await client.post('/api/user/stat/sales_volume/update').send({ value: '2,500,000' })).body.stats.find(
        (s: { stat_id: string }) => s.stat_id === 'sales_volume',
      ).value,
    ).toBe('2500000');
    expect((await client.post('/api/user/stat/unknown_stat/update').send({ value: '1' })).status).toBe(404);
    const profile = await (await t.client()).get(`/api/profile/user/${user.id}`);
    expect(profile.body.user.stats.map((s: { stat_id: string }) => s.stat_id)).toEqual(['homes_sold', 'sales_volume']);
    await client.post('/api/user/stat/homes_sold/update').send({ value: '' });
    const after = await (await t.client()).get(`/api/profile/user/${user.id}`);
    expect(after.body.user.stats.map((s: { stat_id: string }) => s.stat_id)).toEqual(['sales_volume']);
  });
});
