import { Logger } from '@nestjs/common';
import { seedDemoData } from '../../src/database/seeds/demo.seed';
import { bootTestApp, TestApp } from '../support/app';

describe('demo seed: properties', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('creates 54 properties with photos for the demo realtor, findable on the market map; idempotent', async () => {
    const logger = new Logger('SeedTest');
    await seedDemoData(t.app, logger);
    // The realtor's own 54 (the teams seed adds Lone Star Realty's listings in the brokerage's team).
    const mine = `team_id NOT IN (SELECT id FROM teams WHERE handle = 'lonestar')`;
    const [{ n, published, photos }] = await t.db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE publish AND archived_at IS NULL)::int AS published,
              (SELECT count(*)::int FROM property_uploads u JOIN properties p ON p.id = u.property_id WHERE p.${mine}) AS photos
       FROM properties WHERE ${mine}`,
    );
    expect(n).toBe(54);
    expect(published).toBeGreaterThanOrEqual(40);
    expect(photos).toBe(78); // a street view each, and two rooms for the first two listings of each city
    await seedDemoData(t.app, logger);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM properties WHERE ${mine}`))[0].n).toBe(54);
    const res = await (await t.client()).get('/api/market/search').query({ q: 'Austin, TX', radius: 5 });
    expect(res.body.results.total).toBeGreaterThanOrEqual(5);
    const thumb = res.body.results.data[0].featured_image.thumb_url;
    expect((await (await t.client()).get(thumb)).status).toBe(200);
  }, 120000);
});
