import { ChatsCommandService } from '../../src/modules/chats';
import { ONE_PAGE_PDF } from '../support/files';
import { DirectoryReviewsService, DirectoryService } from '../../src/modules/directory';
import { DirectoryQueryDto } from '../../src/modules/directory/dto/directory.dto';
import { JobRegistry, type JobContext } from '../../src/modules/jobs';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';

type Caller = 'guest' | 'stranger' | 'owner' | 'admin';
const PDF = ONE_PAGE_PDF;
const query = (q: Partial<DirectoryQueryDto>) => Object.assign(new DirectoryQueryDto(), q);

/** The service-provider directory: profiles, offerings, search and paging, the licence badge, and who may do what. */
describe('service-provider directory', () => {
  let t: TestApp;
  let directory: DirectoryService;
  beforeAll(async () => {
    t = await bootTestApp();
    directory = t.app.get(DirectoryService);
  });
  afterAll(() => t.close());

  it('claims one profile per user, searches by words, industry and city, verified first, and pages', async () => {
    const make = async (name: string, industry: string, city: string, headline = '') => {
      const user = await t.createUser();
      return { user, provider: await directory.saveProfile(user, { name, industry, city, headline }) };
    };
    const a = await make('Golden Hour Photo', 'photography', 'Sausalito', 'Twilight and drone stills');
    const b = await make('Bay Stagers', 'staging', 'Sausalito', 'Luxury staging');
    await make('Tahoe Inspections', 'inspection', 'Truckee');
    const again = await directory.saveProfile(a.user, {
      name: 'Golden Hour Photography',
      industry: 'photography',
      city: 'Sausalito',
    });
    expect(again.id).toBe(a.provider.id);
    const withLicence = { name: 'Bay Stagers', industry: 'staging', city: 'Sausalito', licence_number: 'CA-123' };
    await directory.saveProfile(b.user, withLicence);
    await directory.verify(b.provider.id, true);

    const sausalito = await directory.providers(query({ city: 'sausalito' }));
    expect(sausalito.data.map((p) => p.name)).toEqual(['Bay Stagers', 'Golden Hour Photography']);
    expect(sausalito.data[0].verified).toBe(true);
    expect((await directory.providers(query({ q: 'golden phot' }))).data.map((p) => p.id)).toEqual([a.provider.id]);
    expect((await directory.providers(query({ industry: 'inspection' }))).total).toBe(1);
    const paged = await directory.providers(query({ per_page: 2, page: 2 }));
    expect({ total: paged.total, last: paged.last_page, n: paged.data.length }).toEqual({ total: 3, last: 2, n: 1 });
    await expect(directory.providers(query({ industry: 'astrology' }))).rejects.toThrow(/industry/);
    const photography = (await directory.industries()).find((i) => i.slug === 'photography')!;
    expect(photography.providers_count).toBe(1);

    // A changed licence number loses the badge until an admin checks it again.
    await directory.saveProfile(b.user, { ...withLicence, licence_number: 'CA-999' });
    expect((await directory.provider(b.provider.id, undefined)).city).toBe('Sausalito');
    expect((await directory.provider(b.provider.id, undefined)).verified).toBe(false);
  });

  it('keeps offerings to their provider, with a price in cents or on request, and lists them across providers', async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    await expect(directory.addOffering(user, { title: 'Twilight shoot' })).rejects.toThrow(/profile first/);
    await directory.saveProfile(user, { name: 'Drone Works', industry: 'videography', city: 'Napa' });
    const priced = await directory.addOffering(user, { title: 'Aerial film', price_minor: 45_000, currency: 'USD' });
    expect(priced.price).toEqual({ amount_minor: 45_000, currency: 'USD' });
    const quote = await directory.addOffering(user, { title: 'Custom campaign' });
    expect(quote.price).toBeNull();
    await expect(directory.updateOffering(stranger, quote.id, { title: 'Mine now' })).rejects.toThrow(
      /Only the provider/,
    );
    expect((await directory.updateOffering(user, quote.id, { price_minor: 120_000 })).price?.amount_minor).toBe(
      120_000,
    );
    const found = await directory.offerings(query({ q: 'aerial', industry: 'videography' }));
    expect(found.data.map((o) => [o.title, o.provider.name])).toEqual([['Aerial film', 'Drone Works']]);
    await directory.removeOffering(user, priced.id);
    expect((await directory.mine(user))!.offerings.map((o) => o.title)).toEqual(['Custom campaign']);
    expect((await directory.mine(user))!.offerings_count).toBe(1);
  });

  it('takes reviews only from people who messaged the provider: one each, editable, averaged', async () => {
    const reviews = t.app.get(DirectoryReviewsService);
    const pro = await t.createUser();
    const { id } = await directory.saveProfile(pro, { name: 'Reviewed Staging', industry: 'staging' });
    const [ann, bob, quiet] = [await t.createUser(), await t.createUser(), await t.createUser()];
    await expect(reviews.save(quiet, id, 5, '')).rejects.toThrow(/Message this provider/);
    await expect(reviews.save(pro, id, 5, '')).rejects.toThrow(/your own/);
    // Being written to is not enough: the reviewer must have written in the chat.
    await t.app.get(ChatsCommandService).startDirect(pro, quiet.id, { message: 'Hello, need staging?' });
    expect((await reviews.standing(id, quiet)).can_review).toBe(false);
    for (const u of [ann, bob]) await t.app.get(ChatsCommandService).startDirect(u, pro.id, { message: 'Quote?' });
    const first = await reviews.save(ann, id, 2, '<p>Late <script>x()</script>but fine</p>');
    expect(first.body_html).toBe('<p>Late but fine</p>');
    expect((await reviews.save(ann, id, 4, '<p>Came back and fixed it</p>')).id).toBe(first.id);
    await reviews.save(bob, id, 5, undefined);
    expect((await directory.provider(id, undefined)).rating).toEqual({ average: 4.5, count: 2 });
    expect((await directory.providers(query({ q: 'reviewed' }))).data[0].rating).toEqual({ average: 4.5, count: 2 });
    const page = await reviews.page(id, 1, 10);
    expect(page.data.map((r) => [r.reviewer.id, r.rating])).toEqual([
      [bob.id, 5],
      [ann.id, 4],
    ]);
    expect((await reviews.standing(id, ann)).mine?.rating).toBe(4);
    await reviews.remove(bob, id);
    expect((await directory.provider(id, undefined)).rating).toEqual({ average: 4, count: 1 });
    await expect(reviews.remove(bob, id)).rejects.toThrow(/not reviewed/);
  });

  it('finds providers within N km of a point or a city, nearest first', async () => {
    const make = async (name: string, city: string) =>
      directory.saveProfile(await t.createUser(), { name, industry: 'inspection', city });
    const austin = await make('Geo Austin Inspect', 'Austin');
    const roundRock = await make('Geo Round Rock Inspect', 'Round Rock');
    await make('Geo San Antonio Inspect', 'San Antonio');
    const near = (q: Partial<DirectoryQueryDto>) =>
      directory.providers(query({ q: 'geo', ...q })).then((p) => p.data.map((x) => [x.name, x.distance_km]));
    const within50 = await near({ near: 'Austin', within_km: 50 });
    expect(within50.map(([n]) => n)).toEqual([austin.name, roundRock.name]);
    expect(within50[1][1]).toBeGreaterThan(20);
    expect(within50[1][1]).toBeLessThan(35);
    expect((await near({ near_lat: 30.5, near_lng: -97.68, within_km: 10 })).map(([n]) => n)).toEqual([roundRock.name]);
    expect(await near({ near: 'Austin', within_km: 200 })).toHaveLength(3);
    await expect(directory.providers(query({ near_lat: 30 }))).rejects.toThrow(/longitude/);
    const anon = await t.client();
    expect((await anon.get('/api/service-providers?near=Austin&within_km=900')).status).toBe(422);
  });

  it('gives providers without a map point one from their city (idempotent backfill), then finds them by distance', async () => {
    const make = async (name: string, city: string) =>
      directory.saveProfile(await t.createUser(), { name, industry: 'staging', city });
    const older = [await make('Pointless Austin Staging', 'Austin'), await make('Pointless Austin Two', 'austin')];
    const lost = await make('Pointless Nowhere Staging', 'Qzxville');
    const ids = [...older, lost].map((p) => p.id);
    // As saved before map points existed (or while the geocoder was down).
    await t.db.query(`UPDATE service_providers SET latitude = NULL, longitude = NULL WHERE id = ANY($1)`, [ids]);
    const near = () => directory.providers(query({ q: 'pointless', near: 'Austin', within_km: 30 }));
    expect((await near()).total).toBe(0);
    expect(await directory.missingMapPoints()).toBe(true);

    const first = await directory.backfillMapPoints(1);
    expect(first.located).toBe(2);
    expect(first.checked).toBeGreaterThanOrEqual(3);
    const rows = await t.db.query(`SELECT id, latitude, longitude FROM service_providers WHERE id = ANY($1)`, [ids]);
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    for (const p of older) {
      expect(byId.get(p.id)).toMatchObject({
        latitude: expect.closeTo(30.27, 0),
        longitude: expect.closeTo(-97.74, 0),
      });
    }
    expect(byId.get(lost.id)).toMatchObject({ latitude: null, longitude: null });
    expect((await near()).data.map((p) => p.name).sort()).toEqual(older.map((p) => p.name).sort());

    // Again: nothing to write; a point set meanwhile is never overwritten.
    await t.db.query(`UPDATE service_providers SET latitude = 10, longitude = 10 WHERE id = $1`, [older[0].id]);
    // The second run is the registered job (queued at boot while a provider lacks a point).
    const job = t.app.get(JobRegistry).get('fanout', 'directory.map-points');
    expect(await job.handle({}, { id: 'map-points-test' } as JobContext)).toMatchObject({ located: 0 });
    const [kept] = await t.db.query(`SELECT latitude FROM service_providers WHERE id = $1`, [older[0].id]);
    expect(kept.latitude).toBe(10);
  });

  it('stores a licence document typed from its bytes; an admin verifies it with an audit row', async () => {
    const owner = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const { id } = await directory.saveProfile(owner.user, {
      name: 'Licensed Co',
      industry: 'legal',
      licence_number: 'L-77',
    });
    const upload = (bytes: Buffer, name: string) =>
      owner.client.post('/api/service-profile/licence').attach('document', bytes, name);
    const fake = await upload(Buffer.from('<html>not a pdf</html>'), 'licence.pdf');
    expect(fake.status).toBe(422);
    expect(Object.keys(fake.body.errors)).toEqual(['document']);
    const ok = await upload(PDF, 'licence.pdf');
    expect(ok.status).toBe(200);
    const doc = ok.body.provider.licence_document;
    expect(doc.mime).toBe('application/pdf');
    expect((await owner.client.get(doc.url)).status).toBe(200);
    expect((await admin.client.get(doc.url)).status).toBe(200);
    expect((await (await t.signedIn()).client.get(doc.url)).status).toBe(403);
    expect((await directory.awaiting(1, 50)).data.map((p) => p.id)).toContain(id);
    const page = await admin.client.visit('/admin/service-providers/verify');
    expect(page.body.component).toBe('Admin/ServiceProviders/Verify');
    expect((await admin.client.post(`/api/service-providers/${id}/verify`).send({ verified: true })).status).toBe(200);
    expect((await directory.provider(id, undefined)).verified).toBe(true);
    expect((await directory.awaiting(1, 50)).data.map((p) => p.id)).not.toContain(id);
    const audit = await t.db.query(`SELECT action, actor_id, after FROM admin_audit WHERE subject_id = $1`, [id]);
    expect(audit).toEqual([
      {
        action: 'service_provider.verified',
        actor_id: admin.user.id,
        after: expect.objectContaining({ name: 'Licensed Co' }),
      },
    ]);
    // A new document takes the badge back until an admin looks again.
    await upload(PDF, 'renewed.pdf');
    expect((await directory.provider(id, undefined)).verified).toBe(false);
  });

  it('validates input as 422 with field errors', async () => {
    const { client } = await t.signedIn();
    const bad = await client
      .put('/api/service-profile')
      .send({ industry: 'nope', name: 'x', website: 'javascript:alert(1)', licence_number: 'a' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['licence_number', 'name', 'website']);
    const unknownIndustry = await client.put('/api/service-profile').send({ industry: 'nope', name: 'Okay Co' });
    expect(unknownIndustry.body.errors).toEqual({ industry: ['Choose an industry from the list.'] });
    await client.put('/api/service-profile').send({ industry: 'legal', name: 'Okay Co' });
    const price = await client.post('/api/service-profile/offerings').send({ title: 'Closing', price_minor: -1 });
    expect(Object.keys(price.body.errors)).toEqual(['price_minor']);
    expect((await client.get('/api/service-providers?per_page=1000')).status).toBe(422);
  });

  it('answers each caller as the authorization table says', async () => {
    const owner = await t.signedIn();
    const stranger = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const clients: Record<Caller, TestClient> = {
      guest: await t.client(),
      stranger: stranger.client,
      owner: owner.client,
      admin: admin.client,
    };
    const provider = await directory.saveProfile(owner.user, {
      name: 'Owner Lending',
      industry: 'lending',
      licence_number: 'NMLS-1',
    });
    const fresh = async () => `/api/offerings/${(await directory.addOffering(owner.user, { title: 'Jumbo loan' })).id}`;
    const all = (s: number) => ({ guest: s, stranger: s, owner: s, admin: s });
    const signedIn = (s: number) => ({ ...all(s), guest: 401 });
    const ownerOnly = (s: number) => ({ guest: 401, stranger: 403, owner: s, admin: 403 });
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/industries', inertia: true, expect: all(200) },
      { method: 'GET', path: '/service-providers?industry=lending', inertia: true, expect: all(200) },
      { method: 'GET', path: `/service-providers/${provider.id}`, inertia: true, expect: all(200) },
      { method: 'GET', path: `/service-providers/${nobody}`, inertia: true, expect: all(404) },
      { method: 'GET', path: '/service-profile/edit', inertia: true, expect: { ...all(200), guest: 302 } },
      { method: 'GET', path: '/offerings?q=loan', inertia: true, expect: all(200) },
      { method: 'GET', path: '/api/industries', expect: all(200) },
      { method: 'GET', path: '/api/service-providers?q=owner', expect: all(200) },
      { method: 'GET', path: `/api/service-providers/${provider.id}`, expect: all(200) },
      { method: 'GET', path: `/api/service-providers/${nobody}`, expect: all(404) },
      { method: 'GET', path: '/api/service-profile', expect: signedIn(200) },
      { method: 'PUT', path: '/api/service-profile', body: { industry: 'lending' }, expect: signedIn(422) },
      {
        method: 'POST',
        path: '/api/service-profile/offerings',
        body: { title: 'Bridge loan' },
        expect: { guest: 401, stranger: 403, owner: 201, admin: 403 },
      },
      { method: 'GET', path: '/api/offerings', expect: all(200) },
      {
        method: 'PATCH',
        path: fresh,
        name: 'PATCH /api/offerings/:id',
        body: { title: 'HELOC' },
        expect: ownerOnly(200),
      },
      { method: 'PATCH', path: `/api/offerings/${nobody}`, body: { title: 'HELOC' }, expect: signedIn(404) },
      { method: 'DELETE', path: fresh, name: 'DELETE /api/offerings/:id', expect: ownerOnly(200) },
      {
        method: 'POST',
        path: `/api/service-providers/${provider.id}/verify`,
        body: { verified: true },
        expect: { guest: 401, stranger: 403, owner: 403, admin: 200 },
      },
      { method: 'GET', path: `/api/service-providers/${provider.id}/reviews`, expect: all(200) },
      { method: 'GET', path: `/api/service-providers/${nobody}/reviews`, expect: all(404) },
      {
        method: 'PUT',
        path: `/api/service-providers/${provider.id}/review`,
        body: { rating: 5 },
        expect: { guest: 401, stranger: 403, owner: 403, admin: 403 },
      },
      {
        method: 'PUT',
        path: `/api/service-providers/${provider.id}/review`,
        body: { rating: 9 },
        expect: signedIn(422),
      },
      { method: 'DELETE', path: `/api/service-providers/${provider.id}/review`, expect: signedIn(404) },
      {
        method: 'POST',
        path: '/api/service-profile/licence',
        attach: { field: 'document', filename: 'l.pdf', bytes: () => PDF },
        expect: { guest: 401, stranger: 403, owner: 200, admin: 403 },
      },
      {
        method: 'GET',
        path: '/admin/service-providers/verify',
        inertia: true,
        expect: { guest: 302, stranger: 403, owner: 403, admin: 200 },
      },
      {
        method: 'GET',
        path: '/api/admin/service-providers/awaiting',
        expect: { guest: 401, stranger: 403, owner: 403, admin: 200 },
      },
    ]);
    // The licence number is for its owner and admins.
    expect(
      (await stranger.client.get(`/api/service-providers/${provider.id}`)).body.provider.licence_number,
    ).toBeNull();
    expect((await owner.client.get(`/api/service-providers/${provider.id}`)).body.provider.licence_number).toBe(
      'NMLS-1',
    );
  });
});
