import { PropertyZoneFromLocation1765400000000 } from '../../src/database/migrations/1765400000000-PropertyZoneFromLocation';
import { bootTestApp, TestApp } from '../support/app';

/** A property's market time zone from its location when nobody chose one (migration 1765400000000). */
describe('property time zone from location', () => {
  let t: TestApp;
  let ownerId: string;
  let n = 0;

  const insert = async (lat: number | null, lng: number | null, zone: string | null = null) => {
    n += 1;
    const [row] = await t.db.query(
      `INSERT INTO properties (user_id, slug, name, latitude, longitude, time_zone)
       VALUES ($1, $2, 'Zoned', $3, $4, $5) RETURNING id, time_zone`,
      [ownerId, `z-${n}-${Date.now()}`, lat, lng, zone],
    );
    return row as { id: string; time_zone: string | null };
  };
  const zoneOf = async (id: string) =>
    ((await t.db.query(`SELECT time_zone FROM properties WHERE id = $1`, [id]))[0] as { time_zone: string | null })
      .time_zone;

  beforeAll(async () => {
    t = await bootTestApp();
    ownerId = (await t.createUser({ type: 'realtor' })).id;
  });
  afterAll(() => t.close());

  it('knows the US zones of the demo markets and their neighbours, and none abroad or south of the border', async () => {
    const places: Array<[string, number, number, string | null]> = [
      ['Austin', 30.2672, -97.7431, 'America/Chicago'],
      ['Chicago', 41.8781, -87.6298, 'America/Chicago'],
      ['Denver', 39.7392, -104.9903, 'America/Denver'],
      ['El Paso', 31.76, -106.44, 'America/Denver'],
      ['Phoenix', 33.45, -112.07, 'America/Phoenix'],
      ['Seattle', 47.6062, -122.3321, 'America/Los_Angeles'],
      ['San Diego', 32.7157, -117.1611, 'America/Los_Angeles'],
      ['Las Vegas', 36.17, -115.14, 'America/Los_Angeles'],
      ['Miami', 25.7617, -80.1918, 'America/New_York'],
      ['Indianapolis', 39.77, -86.16, 'America/New_York'],
      ['Louisville', 38.25, -85.76, 'America/New_York'],
      ['Nashville', 36.16, -86.78, 'America/Chicago'],
      ['Pensacola', 30.42, -87.22, 'America/Chicago'],
      ['Tallahassee', 30.44, -84.28, 'America/New_York'],
      ['Honolulu', 21.3, -157.85, 'Pacific/Honolulu'],
      ['Anchorage', 61.2, -149.9, 'America/Anchorage'],
      ['San Juan', 18.45, -66.1, 'America/Puerto_Rico'],
      ['Monterrey', 25.67, -100.3, null],
      ['Tijuana', 32.5, -117.0, null],
      ['London', 51.5, -0.12, null],
    ];
    for (const [name, lat, lng, zone] of places) {
      expect([name, (await insert(lat, lng)).time_zone]).toEqual([name, zone]);
    }
    expect((await insert(null, null)).time_zone).toBeNull();
  });

  it('keeps a chosen zone, follows a move while the zone is the derived one, and re-derives a cleared one', async () => {
    const chosen = await insert(30.2672, -97.7431, 'America/Denver');
    expect(chosen.time_zone).toBe('America/Denver');
    await t.db.query(`UPDATE properties SET latitude = 40.71, longitude = -74.0 WHERE id = $1`, [chosen.id]);
    expect(await zoneOf(chosen.id)).toBe('America/Denver');

    const derived = await insert(30.2672, -97.7431);
    await t.db.query(`UPDATE properties SET latitude = 40.71, longitude = -74.0 WHERE id = $1`, [derived.id]);
    expect(await zoneOf(derived.id)).toBe('America/New_York');
    await t.db.query(`UPDATE properties SET latitude = 51.5, longitude = -0.12 WHERE id = $1`, [derived.id]);
    expect(await zoneOf(derived.id)).toBeNull();

    await t.db.query(`UPDATE properties SET latitude = 47.6, longitude = -122.3, time_zone = NULL WHERE id = $1`, [
      chosen.id,
    ]);
    expect(await zoneOf(chosen.id)).toBe('America/Los_Angeles');
  });

  it('backfills properties saved before it, leaving chosen zones and unknown places alone', async () => {
    // Rows as they were before the migration: written with its trigger off.
    await t.db.query(`ALTER TABLE properties DISABLE TRIGGER properties_zone_from_location`);
    const before = [await insert(39.7392, -104.9903), await insert(51.5, -0.12), await insert(25.76, -80.19, 'UTC')];
    await t.db.query(`ALTER TABLE properties ENABLE TRIGGER properties_zone_from_location`);
    expect(await zoneOf(before[0].id)).toBeNull();

    const runner = t.db.createQueryRunner();
    try {
      await new PropertyZoneFromLocation1765400000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await Promise.all(before.map((p) => zoneOf(p.id)))).toEqual(['America/Denver', null, 'UTC']);
  });
});
