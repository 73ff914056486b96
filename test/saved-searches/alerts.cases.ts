import request from 'supertest';
import { Clock } from '../../src/common/clock';
import type { User } from '../../src/modules/users';
import { TimersService } from '../../src/modules/jobs';
import { DIGEST_TIMER, SavedSearchAlertsService } from '../../src/modules/saved-searches/saved-search-alerts.service';
import { SavedSearchesService } from '../../src/modules/saved-searches/saved-searches.service';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { insertProperty } from '../properties/helpers';

/** Saved searches that alert: matching on listing changes, one notification, one email (instant or digest). */
describe('saved-search alerts', () => {
  let t: TestApp;
  let realtorId: string;
  let n = 0;
  let searches: SavedSearchesService;
  let alerts: SavedSearchAlertsService;

  /** A draft property at (lat, lng); publish it with `list` so the history trigger records the listing. */
  async function draft(lat: number, lng: number, extra: Record<string, unknown> = {}): Promise<string> {
    n += 1;
    const cols = {
      user_id: realtorId,
      slug: `s-${n}-${Date.now()}`,
      name: `Home ${n}`,
      city: 'Austin',
      latitude: lat,
      longitude: lng,
      price: '400000.00',
      type: 'house',
      status: 'for_sale',
      ...extra,
    };
    const id = await insertProperty(t, cols);
    await t.db.query(`INSERT INTO listings (property_id, user_id) VALUES ($1, $2)`, [id, realtorId]);
    return id;
  }
  const list = (id: string) =>
    t.db.query(`UPDATE properties SET publish = true, published_at = now() WHERE id = $1`, [id]);

  const mailsTo = async (email: string) =>
    (await t.db.query(`SELECT subject, text FROM mails WHERE "to" = $1 ORDER BY created_at`, [email])) as Array<{
      subject: string;
      text: string;
    }>;
  async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const notificationsOf = (userId: string) =>
    t.db.query(`SELECT title, url FROM notifications WHERE user_id = $1 AND kind = 'saved_search_match'`, [userId]);

  const AUSTIN_AREA = '30.2,-97.8;30.2,-97.7;30.3,-97.7;30.3,-97.8';
  const save = (user: User, name: string, params: Record<string, unknown>) =>
    searches.create(user, { name, params: params as never });

  beforeAll(async () => {
    t = await bootTestApp();
    realtorId = (await t.createUser({ type: 'realtor' })).id;
    searches = t.app.get(SavedSearchesService);
    alerts = t.app.get(SavedSearchAlertsService);
    t.app.get(Clock).set(new Date('2026-11-19T12:00:00Z'));
  });
  afterAll(() => t.close());

  it('sends ONE daily digest for a listing that matches five of a buyer’s searches, and one notification', async () => {
    const buyer = await t.createUser();
    await save(buyer, 'Drawn Austin', { polygon: AUSTIN_AREA });
    await save(buyer, 'Circle', { lat: 30.25, lng: -97.75, radius: 5 });
    await save(buyer, 'Houses under 500k', { lat: 30.25, lng: -97.75, radius: 10, type: 'house', max_price: '500000' });
    await save(buyer, 'View', { bounds: '30,-98,31,-97' });
    await save(buyer, '3 beds', { lat: 30.25, lng: -97.75, radius: 10, beds: 3 });
    await save(buyer, 'Too dear', { lat: 30.25, lng: -97.75, radius: 10, min_price: '900000' });
    await save(buyer, 'Elsewhere', { polygon: '40,-74;40,-73;41,-73.5' });
    const id = await draft(30.25, -97.75);
    await t.db.query(`INSERT INTO property_components (property_id, type, content) VALUES ($1, 'details', $2)`, [
      id,
      JSON.stringify({ bedrooms: 3, bathrooms: 2 }),
    ]);
    await list(id);
    await alerts.onPropertyChanged(id);
    await alerts.onPropertyChanged(id); // a repeated event changes nothing
    const bell = await notificationsOf(buyer.id);
    expect(bell).toHaveLength(1);
    expect(bell[0].title).toBe(`New listing: Home ${n} matches 5 of your saved searches`);
    expect(await mailsTo(buyer.email)).toHaveLength(0); // daily is the default: nothing until the digest
    expect(await t.app.get(TimersService).fire(DIGEST_TIMER, { userId: buyer.id })).toBeUndefined();
    const mails = await eventually(
      () => mailsTo(buyer.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(`New listing: Home ${n}, Austin`);
    for (const name of ['Drawn Austin', 'Circle', 'Houses under 500k', 'View', '3 beds'])
      expect(mails[0].text).toContain(name);
    expect(mails[0].text).not.toContain('Too dear');
    expect(mails[0].text).toMatch(/\/saved-searches\/unsubscribe\/[0-9a-f-]{36}\./);
    expect(await alerts.sendPending(buyer.id)).toBe(0); // firing again sends nothing
  });

  it('emails at once for an instant user; price drops and status changes alert, a price rise does not', async () => {
    const buyer = await t.createUser();
    await searches.setSettings(buyer, 'instant');
    await save(buyer, 'Budget', { lat: 30.25, lng: -97.75, radius: 5, max_price: '450000' });
    await save(buyer, 'Anything', { lat: 30.25, lng: -97.75, radius: 5 });
    const id = await draft(30.26, -97.76, { price: '480000.00' });
    await list(id);
    await alerts.onPropertyChanged(id);
    let mails = await eventually(
      () => mailsTo(buyer.email),
      (m) => m.length >= 1,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Matches: Anything');
    await t.db.query(`UPDATE properties SET price = 490000 WHERE id = $1`, [id]);
    await alerts.onPropertyChanged(id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
    await t.db.query(`UPDATE properties SET price = 440000 WHERE id = $1`, [id]);
    await alerts.onPropertyChanged(id);
    mails = await eventually(
      () => mailsTo(buyer.email),
      (m) => m.length >= 2,
    );
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toContain('Price drop');
    expect(mails[1].text).toContain('Matches: Budget, Anything');
    await t.db.query(`UPDATE properties SET status = 'pending' WHERE id = $1`, [id]);
    await alerts.onPropertyChanged(id);
    const bell = await notificationsOf(buyer.id);
    expect(bell.map((b: { title: string }) => b.title.split(':')[0]).sort()).toEqual([
      'New listing',
      'Price drop',
      'Status change',
    ]);
  });

  it('a realtor publishing through the app reaches the buyer through the property.changed event', async () => {
    const buyer = await t.createUser();
    await save(buyer, 'Drawn', { polygon: AUSTIN_AREA });
    const realtor = await t.signedIn({ type: 'realtor' });
    realtorId = realtor.user.id;
    const id = await draft(30.22, -97.72);
    const [{ slug }] = await t.db.query(`SELECT slug FROM properties WHERE id = $1`, [id]);
    const res = await realtor.client.post(`/api/properties/${slug}/publish`).send({ publish: true });
    expect(res.status).toBeLessThan(300);
    const bell = await eventually(
      () => notificationsOf(buyer.id),
      (b) => b.length > 0,
    );
    expect(bell).toHaveLength(1);
    expect(bell[0].url).toBe(`/properties/${slug}`);
  });

  it('unsubscribes by POST only: the GET link shows a confirmation and changes nothing', async () => {
    const buyer = await t.createUser();
    await searches.setSettings(buyer, 'instant');
    const token = alerts.unsubscribeToken(buyer.id);
    const c = await t.client();
    expectPage(await c.visit(`/saved-searches/unsubscribe/${token}`), 'SavedSearches/Unsubscribe', { done: false });
    expect(await searches.settings(buyer)).toEqual({ email: 'instant' });
    expect((await c.visit(`/saved-searches/unsubscribe/${buyer.id}.forged`)).status).toBe(404);
    const forged = await c.post(`/saved-searches/unsubscribe/${buyer.id}.forged`).set('X-Inertia', 'true');
    expect(forged.status).toBe(404);
    const done = await c.post(`/saved-searches/unsubscribe/${token}`).set('X-Inertia', 'true');
    expectPage(done, 'SavedSearches/Unsubscribe', { done: true });
    expect(await searches.settings(buyer)).toEqual({ email: 'off' });
    await save(buyer, 'Still saved', { lat: 30.25, lng: -97.75, radius: 5 });
    const id = await draft(30.25, -97.74);
    await list(id);
    await alerts.onPropertyChanged(id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1); // the bell still rings
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(buyer.email)).toHaveLength(0);
  });

  it('mails carry List-Unsubscribe with one-click POST, which works bodyless with no session or token', async () => {
    const buyer = await t.createUser();
    await searches.setSettings(buyer, 'instant');
    await save(buyer, 'One click', { lat: 30.25, lng: -97.75, radius: 5 });
    const id = await draft(30.25, -97.75);
    await list(id);
    await alerts.onPropertyChanged(id);
    const [mail] = await eventually(
      () =>
        t.db.query(`SELECT headers FROM mails WHERE "to" = $1`, [buyer.email]) as Promise<
          Array<{ headers: Record<string, string> }>
        >,
      (m) => m.length > 0,
    );
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(mail.headers['List-Unsubscribe'].replace(/^<|>$/g, ''));
    expect(url.pathname).toMatch(/^\/unsubscribe\/saved-searches\/[0-9a-f-]{36}\./);
    const server = t.app.getHttpServer();
    const forged = await request(server).post(`/unsubscribe/saved-searches/${buyer.id}.forged`);
    expect(forged.status).toBe(404);
    const page = await request(server).get(url.pathname); // a person opening the address: confirmation, no change
    expect(page.status).toBe(303);
    expect(await searches.settings(buyer)).toEqual({ email: 'instant' });
    const res = await request(server).post(url.pathname).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(await searches.settings(buyer)).toEqual({ email: 'off' });
    expect((await request(server).post(url.pathname)).status).toBe(200); // bodyless, again: still fine
  });
});
