import { Clock } from '../../src/common/clock';
import { MarketRepository } from '../../src/modules/market/market.repository';
import { pointInRing, toRing } from '../../src/modules/market/polygon';
import { matchesSearch } from '../../src/modules/saved-searches/criteria';
import { bootTestApp, TestApp } from '../support/app';
import { placeProperty } from './helpers';

/** Drawn-area and map-view search, the filters a buyer expects, and the sorts. */
describe('market area search', () => {
  let t: TestApp;
  let ownerId: string;
  let n = 0;

  /** Published a minute after the one before, so "newest" has an order. */
  function place(name: string, lat: number, lng: number, extra: Record<string, unknown> = {}) {
    n += 1;
    return placeProperty(t, ownerId, name, lat, lng, {
      published_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
      ...extra,
    });
  }

  const search = async (query: Record<string, unknown>) => (await t.client()).get('/api/market/search').query(query);
  const names = (res: { body: { results: { data: Array<{ name: string }> } } }) =>
    res.body.results.data.map((r) => r.name).sort();

  beforeAll(async () => {
    t = await bootTestApp();
    ownerId = (await t.createUser({ type: 'realtor' })).id;
  });
  afterAll(() => t.close());

  it('finds what lies inside a drawn polygon, its edges and corners included', async () => {
    // A triangle near Austin: (30,-98) (30,-97) (31,-97.5).
    await place('tri-inside', 30.3, -97.5);
    await place('tri-on-base', 30, -97.75);
    await place('tri-corner', 31, -97.5);
    await place('tri-on-slant', 30.5, -97.75);
    await place('tri-outside-box-corner', 30.9, -97.9);
    await place('tri-below', 29.999, -97.5);
    const res = await search({ polygon: '30,-98;30,-97;31,-97.5' });
    expect(res.status).toBe(200);
    expect(res.body.shape).toBe('polygon');
    expect(names(res)).toEqual(['tri-corner', 'tri-inside', 'tri-on-base', 'tri-on-slant']);
  });

  it('searches a polygon drawn across the antimeridian, and agrees with the tested point rule', async () => {
    const points: Array<[string, number, number]> = [
      ['fj-west-side', -17, 179.5],
      ['fj-east-side', -17, -179.5],
      ['fj-on-line', -17, 180],
      ['fj-east-edge', -17, -179],
      ['fj-beyond-east', -17, -178.9],
      ['fj-beyond-west', -17, 178.9],
    ];
    for (const [name, lat, lng] of points) await place(name, lat, lng);
    const polygon = '-18,179;-18,-179;-16,-179;-16,179';
    const res = await search({ polygon, per_page: 50 });
    expect(names(res)).toEqual(['fj-east-edge', 'fj-east-side', 'fj-on-line', 'fj-west-side']);
    const ring = toRing([
      { lat: -18, lng: 179 },
      { lat: -18, lng: -179 },
      { lat: -16, lng: -179 },
      { lat: -16, lng: 179 },
    ]);
    const expected = points.filter(([, lat, lng]) => pointInRing(ring, lat, lng)).map(([name]) => name);
    expect(names(res)).toEqual(expected.sort());
  });

  it('searches the map view ("search this area"), across the antimeridian too', async () => {
    const res = await search({ bounds: '-18,179.4,-16,-179.4' });
    expect(res.body.shape).toBe('bounds');
    expect(names(res)).toEqual(['fj-east-side', 'fj-on-line', 'fj-west-side']);
  });

  it('filters beds, baths, video and open house this weekend; sorts newest and by price', async () => {
    const big = await place('box-big', 45.5, -122.6, { price: '900000.00' });
    const small = await place('box-small', 45.51, -122.61, { price: '300000.00' });
    await place('box-plain', 45.52, -122.62, { price: '500000.00' });
    const details = (id: string, bedrooms: unknown, bathrooms: unknown) =>
      t.db.query(`INSERT INTO property_components (property_id, type, content) VALUES ($1, 'details', $2)`, [
        id,
        JSON.stringify({ bedrooms, bathrooms }),
      ]);
    await details(big.id, 4, 2.5);
    await details(small.id, '2', 'lots');
    await t.db.query(`UPDATE listings SET walkthrough_id = gen_random_uuid() WHERE id = $1`, [small.listingId]);
    t.app.get(Clock).set(new Date('2026-11-19T12:00:00Z')); // a Thursday
    await t.db.query(`INSERT INTO open_houses (listing_id, starts_at, ends_at, capacity) VALUES ($1, $2, $3, 10)`, [
      big.listingId,
      '2026-11-21T15:00:00Z',
      '2026-11-21T17:00:00Z',
    ]);
    const box = '45.4,-122.7,45.6,-122.5';
    expect(names(await search({ bounds: box, beds: 3 }))).toEqual(['box-big']);
    expect(names(await search({ bounds: box, beds: 2 }))).toEqual(['box-big', 'box-small']);
    expect(names(await search({ bounds: box, baths: 1 }))).toEqual(['box-big']);
    expect(names(await search({ bounds: box, has_video: 'true' }))).toEqual(['box-small']);
    expect(names(await search({ bounds: box, open_house: 'true' }))).toEqual(['box-big']);
    t.app.get(Clock).set(new Date('2026-11-24T12:00:00Z')); // next week: that open house is over
    expect(names(await search({ bounds: box, open_house: 'true' }))).toEqual([]);
    const order = async (sort: string) =>
      (await search({ bounds: box, sort })).body.results.data.map((r: { name: string }) => r.name);
    expect(await order('price_asc')).toEqual(['box-small', 'box-plain', 'box-big']);
    expect(await order('price_desc')).toEqual(['box-big', 'box-plain', 'box-small']);
    expect(await order('newest')).toEqual(['box-plain', 'box-small', 'box-big']);
    const near = await search({ lat: 45.52, lng: -122.62, radius: 5, sort: 'price_asc' });
    expect(near.body.results.data.map((r: { name: string }) => r.name)).toEqual(['box-small', 'box-plain', 'box-big']);
    expect((await search({ bounds: box, sort: 'distance', lat: 45.5, lng: -122.6 })).body.results.data[0].name).toBe(
      'box-big',
    );
  });

  it('judges "open house this weekend" in the listing’s time zone, across the daylight-saving change', async () => {
    // Monday 2 Nov 2026 04:10 UTC: still Sunday 23:10 in New York (EST since 1 Nov 02:00, UTC-5), already Monday in
    // London. Each home has an open house on Sunday 23:15–23:55 New York time (04:15–04:55 UTC): after Monday 00:00
    // if the weekend kept its daylight-time offset, inside it when its end is read on the wall clock.
    const now = new Date('2026-11-02T04:10:00Z');
    t.app.get(Clock).set(now);
    const zoned = await place('oh-new-york', 40.7, -74.0, { time_zone: 'America/New_York' });
    // No zone is known for London (zone_at covers the United States): the searcher's zone is used.
    const unzoned = await place('oh-no-zone', 51.5, -0.12);
    expect((await t.db.query(`SELECT time_zone FROM properties WHERE id = $1`, [unzoned.id]))[0].time_zone).toBeNull();
    for (const home of [zoned, unzoned])
      await t.db.query(`INSERT INTO open_houses (listing_id, starts_at, ends_at, capacity) VALUES ($1, $2, $3, 10)`, [
        home.listingId,
        '2026-11-02T04:15:00Z',
        '2026-11-02T04:55:00Z',
      ]);
    const box = '40.6,-74.1,40.8,-73.9';
    const london = '51.4,-0.3,51.6,0.1';
    // A searcher in London: the zoned home is in its own weekend; the other falls back to London's (next) weekend.
    expect(names(await search({ bounds: box, open_house: 'true', tz: 'Europe/London' }))).toEqual(['oh-new-york']);
    expect(names(await search({ bounds: london, open_house: 'true', tz: 'Europe/London' }))).toEqual([]);
    expect(names(await search({ bounds: box, open_house: 'true', tz: 'America/New_York' }))).toEqual(['oh-new-york']);
    expect(names(await search({ bounds: london, open_house: 'true', tz: 'America/New_York' }))).toEqual(['oh-no-zone']);
    // Saved-search alerts read the same rule from the listing's facts.
    const repo = t.app.get(MarketRepository);
    const saved = { lat: 40.7, lng: -74.0, radius: 5, open_house: true, tz: 'Europe/London' };
    expect(matchesSearch(saved, (await repo.facts(zoned.id, now))!, now)).toBe(true);
    const savedInLondon = { ...saved, lat: 51.5, lng: -0.12 };
    expect(matchesSearch(savedInLondon, (await repo.facts(unzoned.id, now))!, now)).toBe(false);
    expect(matchesSearch({ ...savedInLondon, tz: 'America/New_York' }, (await repo.facts(unzoned.id, now))!, now)).toBe(
      true,
    );
  });

  it('offers no filter on protected characteristics: such parameters change nothing and are never saved', async () => {
    const view = '35,-102,35.2,-101.6';
    await place('fh-home', 35.1, -101.8);
    const protectedParams = {
      familial_status: 'no_children',
      religion: 'christian',
      race: 'white',
      national_origin: 'us',
      sex: 'female',
      disability: 'none',
      age_min: '55',
    };
    const plain = await search({ bounds: view });
    const tried = await search({ bounds: view, ...protectedParams });
    expect(tried.status).toBe(200);
    expect(names(plain)).toEqual(['fh-home']);
    expect(names(tried)).toEqual(names(plain));
    const { client, user } = await t.signedIn();
    const saved = await client
      .post('/api/market/saved-searches')
      .send({ name: 'Fair', params: { bounds: view, ...protectedParams } });
    expect(saved.status).toBeLessThan(300);
    const [row] = await t.db.query(`SELECT params FROM saved_searches WHERE user_id = $1`, [user.id]);
    expect(row.params.bounds).toBe(view);
    for (const key of Object.keys(protectedParams)) {
      expect(Object.keys(row.params)).not.toContain(key);
      expect(Object.keys(saved.body.saved_search.params)).not.toContain(key);
    }
  });

  it('answers 422 for a bad area, a bad filter or a bad sort', async () => {
    for (const [query, field] of [
      [{ polygon: '30,-98;30,-97' }, 'polygon'],
      [{ polygon: 'not a polygon' }, 'polygon'],
      [{ polygon: '30,-98;30,-98;30,-98' }, 'polygon'],
      [{ polygon: '95,-98;30,-97;31,-97' }, 'polygon'],
      [{ bounds: '1,2,3' }, 'bounds'],
      [{ bounds: '10,0,5,1' }, 'bounds'],
      [{ beds: 'many' }, 'beds'],
      [{ sort: 'cheapest' }, 'sort'],
      [{ has_video: 'maybe' }, 'has_video'],
    ] as const) {
      const res = await search(query);
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
      expect(res.body.errors[field]).toBeDefined();
    }
  });
});
