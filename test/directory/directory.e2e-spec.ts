import { DirectoryService } from '../../src/modules/directory';
import { DirectoryQueryDto } from '../../src/modules/directory/dto/directory.dto';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';

type Caller = 'guest' | 'stranger' | 'owner' | 'admin';
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
