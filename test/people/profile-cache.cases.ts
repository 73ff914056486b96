import { Clock } from '../../src/common/clock';
import { StickersService } from '../../src/modules/stickers';
import { testPng } from '../admin/helpers';
import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp, TestClient } from '../support/app';

/**
 * A guest's profile comes from a cache proven fresh by the profile's version, which database triggers raise on every
 * write the profile shows: after each kind of write (the owner's, another user's, a background job's, an admin's on
 * a catalogue) the very next guest read shows it, and an open house drops off when it ends, with no write at all.
 */
describe('people: the guest profile cache answers fresh after every write it shows', () => {
  let t: TestApp;
  let guest: TestClient;
  beforeAll(async () => {
    t = await bootTestApp();
    guest = await t.client();
  });
  afterAll(async () => {
    t.app.get(Clock).reset();
    await t.close();
  });

  type Profile = {
    user: Record<string, unknown> & { stats: Array<{ stat_id: string }>; markets: Array<{ name: string }> };
    listings: { data: Array<Record<string, unknown> & { name: string; open_houses: unknown[] }> };
    stickers: Array<{ id: string }>;
  };
  const read = async (handle: string): Promise<Profile> => {
    const res = await guest.get(`/api/profile/${handle}`);
    expect(res.status).toBe(200);
    return res.body as Profile;
  };

  it("the owner's writes: account, stats, markets, listings, open houses, stickers; and a handle change", async () => {
    const owner = await t.signedIn({ type: 'realtor', handle: 'cachedone', bio: 'First bio' });
    const home = await makeProperty(owner.client, { name: 'Cached Home' });
    expect((await read('cachedone')).user.bio).toBe('First bio');
    expect((await read('cachedone')).listings.data.map((l) => l.name)).toEqual(['Cached Home']);

    await owner.client.post(`/api/user/${owner.user.id}/update`).send({ bio: 'Second bio' }).expect(200);
    expect((await read('cachedone')).user.bio).toBe('Second bio');

    await owner.client.post('/api/user/stat/homes_sold/update').send({ value: '12' }).expect(200);
    expect((await read('cachedone')).user.stats.map((s) => s.stat_id)).toEqual(['homes_sold']);

    await owner.client.post('/api/markets').send({ name: 'Cache Town', latitude: 30.1, longitude: -97.1 }).expect(201);
    expect((await read('cachedone')).user.markets.map((m) => m.name)).toEqual(['Cache Town']);

    await owner.client.post(`/api/properties/${home.slug}`).send({ name: 'Renamed Home' }).expect(200);
    expect((await read('cachedone')).listings.data.map((l) => l.name)).toEqual(['Renamed Home']);

    const clock = t.app.get(Clock);
    const startsAt = new Date(clock.nowMs() + 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 3_600_000);
    const house = await owner.client
      .post(`/api/listings/${home.listing.id}/open-houses`)
      .send({ starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), capacity: 10 });
    expect(house.status).toBe(201);
    expect((await read('cachedone')).listings.data[0].open_houses).toHaveLength(1);
    // No write: the open house ends, and the cached page that listed it is no longer answered.
    clock.set(new Date(endsAt.getTime() + 1000));
    expect((await read('cachedone')).listings.data[0].open_houses).toHaveLength(0);
    clock.reset();

    const stickers = t.app.get(StickersService);
    const pack = await stickers.createPack({ name: 'Cache pack' });
    const sticker = await stickers.addSticker(pack.id, 'Badge', await testPng(16, 90));
    await owner.client
      .put('/api/profile-stickers')
      .send({ sticker_ids: [sticker.id] })
      .expect(200);
    expect((await read('cachedone')).stickers.map((s) => s.id)).toEqual([sticker.id]);
    // An admin's catalogue write (the pack switched off) changes every profile that wears it.
    await stickers.updatePack(pack.id, { name: 'Cache pack', enabled: false });
    expect((await read('cachedone')).stickers).toEqual([]);

    await owner.client.post(`/api/properties/${home.slug}/publish/`).send({ publish: false }).expect(200);
    expect((await read('cachedone')).listings.data).toEqual([]);

    await owner.client.post(`/api/user/${owner.user.id}/update`).send({ handle: 'cachedtwo' }).expect(200);
    expect((await guest.get('/api/profile/cachedone')).status).toBe(404);
    expect((await read('cachedtwo')).user.handle).toBe('cachedtwo');
  });

  it("another user's follow and a transcode finishing (a background write) show on the next read", async () => {
    const owner = await t.signedIn({ type: 'realtor', handle: 'cachedvideo' });
    const home = await makeProperty(owner.client, { name: 'Video Home' });
    expect((await read('cachedvideo')).user.followers_count).toBe(0);

    const fan = await t.signedIn();
    await fan.client.post(`/api/follows/${owner.user.id}`).send({}).expect(200);
    expect((await read('cachedvideo')).user.followers_count).toBe(1);

    const [walkthrough] = await t.db.query(
      `INSERT INTO walkthroughs (slug, user_id, listing_id, title, published)
       VALUES ('cache-walk', $1, $2, 'Tour', true) RETURNING id`,
      [fan.user.id, home.listing.id],
    );
    await t.db.query(
      `INSERT INTO videos (slug, playback_id, user_id, walkthrough_id, status, progress)
       VALUES ('cache-video', 'cacheplay', $1, $2, 'processing', 10)`,
      [fan.user.id, walkthrough.id],
    );
    const processing = (await read('cachedvideo')).listings.data[0].walkthrough;
    expect(processing).toEqual({ slug: 'cache-walk', videos: [{ slug: 'cache-video', playback_id: null }] });
    // Progress alone changes nothing a profile shows (and raises no version); becoming ready does.
    const version = () =>
      t.db.query(`SELECT version FROM profile_versions WHERE user_id = $1`, [owner.user.id]) as Promise<unknown[]>;
    const before = await version();
    await t.db.query(`UPDATE videos SET progress = 50 WHERE slug = 'cache-video'`);
    expect(await version()).toEqual(before);
    await t.db.query(`UPDATE videos SET status = 'ready', progress = 100, ready_at = now() WHERE slug = 'cache-video'`);
    expect((await read('cachedvideo')).listings.data[0].walkthrough).toEqual({
      slug: 'cache-walk',
      videos: [{ slug: 'cache-video', playback_id: 'cacheplay' }],
    });
  });
});
