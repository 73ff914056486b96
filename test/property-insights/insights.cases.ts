import { Clock } from '../../src/common/clock';
import { IN_DEMAND_VIEWS, PropertyInsightsService } from '../../src/modules/property-insights';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { insertProperty } from '../properties/helpers';

/** The property page's history (recorded by the database), days on market, views and mortgage defaults. */
describe('property insights', () => {
  let t: TestApp;
  let owner: { client: TestClient; user: { id: string } };
  let n = 0;

  async function property(extra: Record<string, unknown> = {}): Promise<string> {
    n += 1;
    const cols = {
      user_id: owner.user.id,
      slug: `pi-${n}-${Date.now()}`,
      name: `Insight ${n}`,
      latitude: 30.2,
      longitude: -97.7,
      price: '300000.00',
      country_code: 'US',
      state: 'TX',
      ...extra,
    };
    return insertProperty(t, cols);
  }

  beforeAll(async () => {
    t = await bootTestApp({ MORTGAGE_DEFAULTS: '{"US-TX":{"property_tax_pct":1.8},"default":{"rate_pct":7}}' });
    owner = await t.signedIn({ type: 'realtor' });
  });
  afterAll(() => t.close());

  it('records listing, price and status changes from now on and counts days on market', async () => {
    const id = await property();
    await t.db.query(`UPDATE properties SET price = 310000 WHERE id = $1`, [id]); // a draft: not recorded
    await t.db.query(`UPDATE properties SET publish = true, published_at = now() WHERE id = $1`, [id]);
    await t.db.query(`UPDATE properties SET price = 290000 WHERE id = $1`, [id]);
    await t.db.query(`UPDATE properties SET status = 'pending', name = 'Renamed' WHERE id = $1`, [id]);
    await t.db.query(`UPDATE properties SET name = 'Again' WHERE id = $1`, [id]); // not a price or status change
    t.app.get(Clock).set(new Date(Date.now() + 3.5 * 24 * 3600 * 1000));
    const res = await (await t.client()).get(`/api/property-insights/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.history.map((h: { kind: string }) => h.kind)).toEqual(['status', 'price', 'listed']);
    expect(res.body.history[1]).toMatchObject({ old_price: '310000.00', new_price: '290000.00' });
    expect(res.body.history[0]).toMatchObject({ old_status: 'for_sale', new_status: 'pending' });
    expect(res.body.days_on_market).toBe(3);
    expect(res.body.mortgage).toMatchObject({ property_tax_pct: 1.8, rate_pct: 7, term_years: 30 });
    t.app.get(Clock).set(new Date());
  });

  it('counts each person once a day, not the owner, and says "in demand" from real counts', async () => {
    const id = await property({ publish: true, published_at: new Date(), country_code: 'GB', state: null });
    const service = t.app.get(PropertyInsightsService);
    const guest = await t.client();
    expect((await guest.post(`/api/property-insights/${id}/views`)).body.views_this_week).toBe(1);
    expect((await guest.post(`/api/property-insights/${id}/views`)).body.views_this_week).toBe(1);
    expect((await owner.client.post(`/api/property-insights/${id}/views`)).body.views_this_week).toBe(1);
    for (let i = 0; i < IN_DEMAND_VIEWS - 2; i++) await service.recordView(id, undefined, `session-${i}`);
    expect((await service.insights(id, undefined)).in_demand).toBe(false);
    await service.recordView(id, undefined, 'one-more');
    const shown = await service.insights(id, undefined);
    expect(shown.views_this_week).toBe(IN_DEMAND_VIEWS);
    expect(shown.in_demand).toBe(true);
    expect(shown.mortgage).toMatchObject({ property_tax_pct: 1.1, rate_pct: 7 });
    t.app.get(Clock).set(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect((await service.insights(id, undefined)).views_this_week).toBe(0);
    t.app.get(Clock).set(new Date());
  });

  it('authorization: public for a visible property, 404 for a draft of someone else', async () => {
    const visible = await property({ publish: true, published_at: new Date() });
    const draft = await property();
    const stranger = await t.signedIn();
    await expectAuthorizationTable({ guest: await t.client(), stranger: stranger.client, owner: owner.client }, [
      { method: 'GET', path: `/api/property-insights/${visible}`, expect: { guest: 200, stranger: 200, owner: 200 } },
      { method: 'GET', path: `/api/property-insights/${draft}`, expect: { guest: 404, stranger: 404, owner: 200 } },
      {
        method: 'POST',
        path: `/api/property-insights/${visible}/views`,
        expect: { guest: 200, stranger: 200, owner: 200 },
      },
      {
        method: 'POST',
        path: `/api/property-insights/${draft}/views`,
        expect: { guest: 404, stranger: 404, owner: 200 },
      },
      { method: 'GET', path: '/api/property-insights/not-a-uuid', expect: { guest: 404, stranger: 404, owner: 404 } },
    ]);
  });
});
