import { destination, haversineMiles } from '../../src/modules/market/geo';
import { knnWindowSql, radiusSql, TOTAL_CAP } from '../../src/modules/market/market-search.service';
import { bootTestApp, TestApp } from '../support/app';
import { placeProperty } from './helpers';

describe('market radius search', () => {
  let t: TestApp;
  let ownerId: string;

  /** A published, public property at (lat, lng), inserted directly. */
  const place = async (name: string, lat: number, lng: number, extra: Record<string, unknown> = {}): Promise<string> =>
    (await placeProperty(t, ownerId, name, lat, lng, extra)).id;

  async function search(query: Record<string, unknown>) {
    const c = await t.client();
    return c.get('/api/market/search').query(query);
  }

  const names = (res: { body: { results: { data: Array<{ name: string }> } } }) =>
    res.body.results.data.map((r) => r.name);

  /** The plan of `sql` with sequential scans off, so an index that can serve it shows. */
  const indexPlan = (sql: string, params: unknown[]): Promise<Array<Record<string, string>>> =>
    t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query(`EXPLAIN ${sql}`, params);
    });

  beforeAll(async () => {
    t = await bootTestApp();
    ownerId = (await t.createUser({ type: 'realtor' })).id;
  });
  afterAll(() => t.close());

  it('finds 1.9 miles in and leaves 2.1 miles out, sorted by distance (default radius 2)', async () => {
    const c = { lat: 30.2672, lng: -97.7431 };
    for (const [label, miles, bearing] of [
      ['austin-1.9N', 1.9, 0],
      ['austin-2.1E', 2.1, 90],
      ['austin-0.5SW', 0.5, 225],
      ['austin-1.99S', 1.99, 180],
      ['austin-2.01W', 2.01, 270],
    ] as const) {
      const p = destination(c.lat, c.lng, miles, bearing);
      expect(haversineMiles(c.lat, c.lng, p.lat, p.lng)).toBeCloseTo(miles, 6);
      await place(label, p.lat, p.lng);
    }
    const res = await search({ lat: c.lat, lng: c.lng });
    expect(res.status).toBe(200);
    expect(res.body.radius).toBe(2);
    expect(res.body.unit).toBe('mi');
    expect(names(res)).toEqual(['austin-0.5SW', 'austin-1.9N', 'austin-1.99S']);
    expect(res.body.results.data.map((r: { distance_miles: number }) => r.distance_miles)).toEqual([0.5, 1.9, 1.99]);
    expect(res.body.results.data[0].price).toBe('100000.00');
    const wider = await search({ lat: c.lat, lng: c.lng, radius: 2.2 });
    expect(names(wider)).toEqual(['austin-0.5SW', 'austin-1.9N', 'austin-1.99S', 'austin-2.01W', 'austin-2.1E']);
  });

  it('works across the antimeridian', async () => {
    const c = { lat: -17.8, lng: 179.99 };
    const east = destination(c.lat, c.lng, 1.9, 90); // wraps to about -179.98
    expect(east.lng).toBeLessThan(-179);
    await place('fiji-1.9E-wrapped', east.lat, east.lng);
    const farEast = destination(c.lat, c.lng, 2.1, 90);
    await place('fiji-2.1E-wrapped', farEast.lat, farEast.lng);
    await place('fiji-1.0W', destination(c.lat, c.lng, 1, 270).lat, destination(c.lat, c.lng, 1, 270).lng);
    const res = await search({ lat: c.lat, lng: c.lng, radius: 2 });
    expect(names(res)).toEqual(['fiji-1.0W', 'fiji-1.9E-wrapped']);
    // And from the other side of the line.
    const other = { lat: -17.8, lng: -179.995 };
    const res2 = await search({ lat: other.lat, lng: other.lng, radius: 2 });
    expect(names(res2)).toContain('fiji-1.9E-wrapped');
    expect(names(res2)).toContain('fiji-1.0W');
  });

  it('works near the poles (across the pole too)', async () => {
    const c = { lat: 89.99, lng: 10 };
    // 1.9 miles due north passes over the pole and comes down on the far side (longitude ~ -170).
    const over = destination(c.lat, c.lng, 1.9, 0);
    expect(Math.abs(over.lng - -170)).toBeLessThan(0.01);
    await place('pole-1.9-over', over.lat, over.lng);
    const overFar = destination(c.lat, c.lng, 2.1, 0);
    await place('pole-2.1-over', overFar.lat, overFar.lng);
    const side = destination(c.lat, c.lng, 1.5, 100);
    await place('pole-1.5-side', side.lat, side.lng);
    const res = await search({ lat: c.lat, lng: c.lng });
    expect(names(res)).toEqual(['pole-1.5-side', 'pole-1.9-over']);

    const s = { lat: -89.995, lng: -45 };
    const south = destination(s.lat, s.lng, 1.9, 180);
    await place('south-1.9', south.lat, south.lng);
    const southFar = destination(s.lat, s.lng, 2.1, 45);
    await place('south-2.1', southFar.lat, southFar.lng);
    expect(names(await search({ lat: s.lat, lng: s.lng }))).toEqual(['south-1.9']);
  });

  it('filters by price range, type, sector and status; hides drafts, private and archived', async () => {
    const c = { lat: 40.7128, lng: -74.006 };
    const at = (miles: number, bearing: number) => destination(c.lat, c.lng, miles, bearing);
    const a = at(0.2, 10);
    await place('ny-cheap-condo', a.lat, a.lng, { price: '250000.00', type: 'condo' });
    const b = at(0.3, 20);
    await place('ny-mid-house', b.lat, b.lng, { price: '750000.00', type: 'house' });
    const d = at(0.4, 30);
    await place('ny-rental-commercial', d.lat, d.lng, {
      price: '5000.00',
      type: 'commercial',
      sector: 'commercial',
      status: 'for_rent',
    });
    const e = at(0.5, 40);
    await place('ny-draft', e.lat, e.lng, { publish: false });
    await place('ny-private', e.lat, e.lng, { is_private: true });
    await place('ny-archived', e.lat, e.lng, { archived_at: new Date() });

    expect(names(await search({ lat: c.lat, lng: c.lng }))).toEqual([
      'ny-cheap-condo',
      'ny-mid-house',
      'ny-rental-commercial',
    ]);
    expect(names(await search({ lat: c.lat, lng: c.lng, min_price: '200000', max_price: '800000' }))).toEqual([
      'ny-cheap-condo',
      'ny-mid-house',
    ]);
    expect(names(await search({ lat: c.lat, lng: c.lng, max_price: '300000' }))).toEqual([
      'ny-cheap-condo',
      'ny-rental-commercial',
    ]);
    expect(names(await search({ lat: c.lat, lng: c.lng, type: 'house' }))).toEqual(['ny-mid-house']);
    expect(names(await search({ lat: c.lat, lng: c.lng, sector: 'commercial' }))).toEqual(['ny-rental-commercial']);
    expect(names(await search({ lat: c.lat, lng: c.lng, status: 'for_rent' }))).toEqual(['ny-rental-commercial']);
  });

  it('pages results with a next page URL', async () => {
    const c = { lat: 51.5074, lng: -0.1278 };
    for (let i = 1; i <= 5; i++) {
      const p = destination(c.lat, c.lng, i * 0.3, 45);
      await place(`london-${i}`, p.lat, p.lng);
    }
    const first = await search({ lat: c.lat, lng: c.lng, per_page: 2 });
    expect(first.body.results).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(names(first)).toEqual(['london-1', 'london-2']);
    const c2 = await t.client();
    const second = await c2.get(first.body.results.next_page_url);
    expect(names(second)).toEqual(['london-3', 'london-4']);
    const beyond = await search({ lat: c.lat, lng: c.lng, per_page: 2, page: 9 });
    expect(beyond.body.results).toMatchObject({ data: [], total: 5, last_page: 3 });
  });

  it('geocodes location text offline, and answers 422 for bad input', async () => {
    const p = destination(30.26715, -97.74306, 1, 0);
    await place('austin-geocoded', p.lat, p.lng);
    const res = await search({ q: 'Austin, TX' });
    expect(res.status).toBe(200);
    expect(res.body.center.label).toBe('Austin, TX, United States');
    expect(names(res)).toContain('austin-geocoded');
    const geo = await (await t.client()).get('/api/market/geocode').query({ q: 'paris' });
    expect(geo.body.results[0]).toMatchObject({ label: 'Paris, France', country_code: 'FR' });
    expect(
      (await (await t.client()).get('/api/market/geocode').query({ q: 'Springfield, IL' })).body.results[0].label,
    ).toBe('Springfield, IL, United States');

    expect((await search({ q: 'Qwxzzyville Nowhere' })).status).toBe(422);
    for (const bad of [
      { lat: 91, lng: 0 },
      { lat: 10 },
      { lat: 0, lng: 0, radius: 0 },
      { lat: 0, lng: 0, radius: 501 },
      { lat: 0, lng: 0, type: 'castle' },
      { lat: 0, lng: 0, min_price: 'x' },
      { lat: 0, lng: 0, min_price: '10', max_price: '5' },
    ]) {
      const r = await search(bad);
      expect({ bad, status: r.status }).toEqual({ bad, status: 422 });
      expect(Object.keys(r.body.errors).length).toBeGreaterThan(0);
    }
    // No centre at all: latitude 20, longitude 0 (spec 9), radius 2.
    const none = await search({});
    expect(none.body.center).toEqual({ lat: 20, lng: 0, label: null });
  });

  it('uses the GiST index for the bounding box', async () => {
    const { sql, params } = radiusSql({ lat: 30.2672, lng: -97.7431, radius: 2, limit: 20, offset: 0 });
    const plan = await indexPlan(sql, params);
    expect(JSON.stringify(plan)).toContain('properties_market_geo_idx');
  });

  it('walks the index in distance order yet answers in exact great-circle order, with a capped total', async () => {
    // 1,100 properties around Oslo (latitude 60: a degree of longitude is half a degree of latitude,
    // so planar KNN order and great-circle order differ a lot), deterministic scatter over ~±28 miles.
    const c = { lat: 59.9139, lng: 10.7522 };
    await t.db.query(
      `INSERT INTO properties (user_id, slug, name, latitude, longitude, publish, price, type, sector, status)
       SELECT $1, 'oslo-' || i || '-' || $4, 'oslo-' || i, $2 + ((i * 7919) % 1000) / 1000.0 * 0.8 - 0.4, $3 + ((i * 104729) % 997) / 997.0 * 1.6 - 0.8,
              true, '100000.00', 'house', 'residential', 'for_sale'
       FROM generate_series(1, 1100) AS i`,
      [ownerId, c.lat, c.lng, Date.now()],
    );
    const all = (await t.db.query(
      `SELECT name, latitude, longitude FROM properties WHERE name LIKE 'oslo-%'`,
    )) as Array<{ name: string; latitude: number; longitude: number }>;
    const exact = (radius: number) =>
      all
        .map((p) => ({ name: p.name, miles: haversineMiles(c.lat, c.lng, p.latitude, p.longitude) }))
        .filter((p) => p.miles <= radius)
        .sort((a, b) => a.miles - b.miles)
        .map((p) => p.name);

    const within10 = exact(10);
    expect(within10.length).toBeGreaterThan(100);
    expect(within10.length).toBeLessThan(TOTAL_CAP);
    for (const page of [1, 2, 5]) {
      const res = await search({ lat: c.lat, lng: c.lng, radius: 10, per_page: 20, page });
      expect(names(res)).toEqual(within10.slice((page - 1) * 20, page * 20));
      expect(res.body.results.total).toBe(within10.length);
      expect(res.body.results.total_is_capped).toBeUndefined();
    }

    const within50 = exact(50);
    expect(within50).toHaveLength(1100);
    const first = await search({ lat: c.lat, lng: c.lng, radius: 50, per_page: 20 });
    expect(names(first)).toEqual(within50.slice(0, 20));
    expect(first.body.results).toMatchObject({ total: TOTAL_CAP, total_is_capped: true, last_page: 51 });
    // At the cap's last page there is still a next page; deeper pages count further and stay exact.
    const fiftieth = await search({ lat: c.lat, lng: c.lng, radius: 50, per_page: 20, page: 50 });
    expect(names(fiftieth)).toEqual(within50.slice(980, 1000));
    expect(fiftieth.body.results.next_page_url).not.toBeNull();
    const last = await search({ lat: c.lat, lng: c.lng, radius: 50, per_page: 20, page: 55 });
    expect(names(last)).toEqual(within50.slice(1080, 1100));
    expect(last.body.results).toMatchObject({ total: 1100, last_page: 55, next_page_url: null });
  });

  it('walks the GiST index in KNN order for a window', async () => {
    const { sql, params } = knnWindowSql(
      { lat: 30.2672, lng: -97.7431, radius: 25, limit: 20, offset: 0 },
      80,
      TOTAL_CAP + 1,
    );
    const plan = await indexPlan(sql, params);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(
      /Index (Only )?Scan using properties_market_geo_idx[\s\S]*Order By: \(\(?point\(longitude, latitude\)\)? <-> /,
    );
  });

  it('narrows a type-filtered search on the (type, point) GiST index, window and count alike', async () => {
    const { sql, params } = knnWindowSql(
      { lat: 30.2672, lng: -97.7431, radius: 25, type: 'house', status: 'for_sale', limit: 20, offset: 0 },
      80,
      TOTAL_CAP + 1,
    );
    const plan = await indexPlan(sql, params);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    // Both scans (the capped count and the KNN window) on the type-led index, with type in the index condition.
    expect(text.match(/Index (Only )?Scan using properties_market_type_geo_idx/g)).toHaveLength(2);
    expect(text).toMatch(/Index Cond: \(\(\(?type\)?(::text)? = 'house'/);
    expect(text).toMatch(/Order By: \(\(?point\(longitude, latitude\)\)? <-> /);
  });

  it('saved searches: a signed-in viewer lists, saves and deletes their own', async () => {
    const { client } = await t.signedIn();
    const saved = await client.post('/api/market/saved-searches').send({
      name: 'Austin condos',
      params: { q: 'Austin', lat: 30.27, lng: -97.74, radius: 5, type: 'condo', min_price: '' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.saved_search.params).toEqual({ q: 'Austin', lat: 30.27, lng: -97.74, radius: 5, type: 'condo' });
    expect(
      (await client.post('/api/market/saved-searches').send({ name: '', params: { lat: 1, lng: 1 } })).status,
    ).toBe(422);
    expect(
      (await client.post('/api/market/saved-searches').send({ name: 'x', params: { lat: 100, lng: 1 } })).status,
    ).toBe(422);
    const list = await client.get('/api/market/saved-searches');
    expect(list.body.saved_searches).toHaveLength(1);
    const { client: other } = await t.signedIn();
    expect((await other.get('/api/market/saved-searches')).body.saved_searches).toHaveLength(0);
    expect((await other.delete(`/api/market/saved-searches/${saved.body.saved_search.id}`)).status).toBe(403);
    expect((await client.delete(`/api/market/saved-searches/${saved.body.saved_search.id}`)).status).toBe(200);
  });
});
