import { bootTestApp, TestApp } from '../support/app';
import { makeBook, makeProperty, type Book } from './support';

jest.setTimeout(60_000);

/** A square around the Mission (about 1.1 km a side) as [lat, lng] corners. */
const SQUARE: Array<[number, number]> = [
  [37.755, -122.425],
  [37.755, -122.415],
  [37.765, -122.415],
  [37.765, -122.425],
];

/**
 * Farm areas drawn on the market map: a polygon or a circle is validated (422 for a bow tie, too few or too many
 * corners, corners off the globe, a figure with no size), stored, and used: the homes for sale inside it and the
 * book's contacts who asked about a home inside it come with the Farm page.
 */
describe('crm: farm areas on the map', () => {
  let t: TestApp;
  let book: Book;
  let campaignId: string;

  beforeAll(async () => {
    t = await bootTestApp();
    book = await makeBook(t);
    campaignId = (
      await book.owner.client
        .post('/api/crm/campaigns')
        .send({ name: 'Mission square', area: { kind: 'polygon', points: SQUARE } })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const put = (area: unknown) =>
    book.owner.client.put(`/api/crm/campaigns/${campaignId}`).set('Accept', 'application/json').send({ area });

  it.each([
    ['a bow tie (edges crossing)', [SQUARE[0], SQUARE[2], SQUARE[1], SQUARE[3]], /crosses itself/],
    ['two corners', SQUARE.slice(0, 2), /at least 3 points/],
    ['a corner off the globe', [...SQUARE.slice(0, 3), [95, 10]], /latitude within/],
    [
      'corners in a line',
      [
        [37.7, -122.4],
        [37.71, -122.41],
        [37.72, -122.42],
      ],
      /crosses itself|no size/,
    ],
    ['a corner that is not a pair', [...SQUARE.slice(0, 3), [37.7]], /at least 3 points/],
  ])('refuses %s with a 422 on area', async (_name, points, message) => {
    const res = await put({ kind: 'polygon', points });
    expect(res.status).toBe(422);
    expect(res.body.errors.area.join(' ')).toMatch(message);
  });

  it('refuses more than 60 corners and a circle without a centre', async () => {
    const many = Array.from({ length: 61 }, (_, i) => {
      const a = (2 * Math.PI * i) / 61;
      return [37.76 + 0.01 * Math.sin(a), -122.42 + 0.01 * Math.cos(a)];
    });
    expect((await put({ kind: 'polygon', points: many })).status).toBe(422);
    const circle = await put({ kind: 'radius', radius_m: 500 });
    expect([circle.status, Object.keys(circle.body.errors)]).toEqual([422, ['area']]);
    const [row] = await t.db.query(`SELECT area FROM crm_campaigns WHERE id = $1`, [campaignId]);
    expect(row.area).toEqual({ kind: 'polygon', points: SQUARE });
  });

  it('stores the area and lists the homes and contacts inside it (polygon, then circle)', async () => {
    const home = async (zip: string, lat: number, lng: number) => {
      const id = await makeProperty(t, book, { zip });
      await t.db.query(`UPDATE properties SET latitude = $2, longitude = $3 WHERE id = $1`, [id, lat, lng]);
      return id;
    };
    const inside = await home('94110', 37.76, -122.42);
    const outside = await home('94103', 37.78, -122.41);
    const lead = async (name: string, propertyId: string) => {
      const [c] = await t.db.query(
        `INSERT INTO crm_contacts (team_id, name, source) VALUES ($1, $2, 'listing_inquiry') RETURNING id`,
        [book.teamId, name],
      );
      await t.db.query(
        `INSERT INTO crm_leads (team_id, contact_id, source, source_ref, property_id, status, routing_reason)
         VALUES ($1, $2, 'listing_inquiry', $3, $4, 'assigned', 'test')`,
        [book.teamId, c.id, `ref-${name}`, propertyId],
      );
      return c.id as string;
    };
    const near = await lead('Near Neighbour', inside);
    await lead('Far Away', outside);

    const farm = async () => {
      const res = await book.owner.client.visit(`/farm?campaign=${campaignId}`).expect(200);
      return res.body.props as {
        selected: {
          campaign: { area: unknown };
          in_area: {
            homes: { total: number; items: Array<{ id: string }> };
            contacts: { total: number; items: Array<{ id: string; name: string }> };
          };
        };
        map: { tile_url: string };
      };
    };
    let props = await farm();
    expect(props.selected.campaign.area).toEqual({ kind: 'polygon', points: SQUARE });
    expect(props.selected.in_area.homes.total).toBe(1);
    expect(props.selected.in_area.homes.items.map((h) => h.id)).toEqual([inside]);
    expect(props.selected.in_area.contacts).toEqual({ total: 1, items: [{ id: near, name: 'Near Neighbour' }] });
    expect(typeof props.map.tile_url).toBe('string');

    // A 3 km circle around the inside home reaches the other one (about 2.4 km north-east) too.
    await put({ kind: 'radius', lat: 37.76, lng: -122.42, radius_m: 3000 }).expect(200);
    props = await farm();
    expect(props.selected.in_area.homes.total).toBe(2);
    expect(props.selected.in_area.contacts.total).toBe(2);
    await put({ kind: 'radius', lat: 37.76, lng: -122.42, radius_m: 500 }).expect(200);
    props = await farm();
    expect([props.selected.in_area.homes.total, props.selected.in_area.contacts.total]).toEqual([1, 1]);
  });
});
