import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp } from '../support/app';

describe('listings dashboard (spec 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('answers success, message and listings.data with filters and a supplied next-page route', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    await makeProperty(client, { name: 'Maple House', price: '500000' });
    await makeProperty(client, { name: 'Oak House', price: '300000' });
    await makeProperty(client, { name: 'Pine House', price: '400000' });
    await makeProperty(client, { name: 'Draft Cabin' }, false);
    const res = await client.get('/api/listings/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.listings.total).toBe(4);
    const first = res.body.listings.data[0];
    expect(first).toMatchObject({
      name: 'Draft Cabin',
      spot: null,
      spotVideo: null,
      walkthrough: null,
      open_houses: [],
    });
    expect(first.property.slug).toBeTruthy();

    const published = await client
      .get('/api/listings/dashboard')
      .query({ publish: 'published', sort: 'price_desc', count: 2, search: ' house ' });
    expect(published.body.listings).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(published.body.listings.data.map((l: { name: string }) => l.name)).toEqual(['Maple House', 'Pine House']);
    const next = published.body.listings.next_page_url;
    expect(next).toMatch(/^\/api\/listings\/dashboard\/paginate\?/);
    expect(next).toContain('publish=published');
    expect(next).toContain('search=house');
    const page2 = await client.get(next);
    expect(page2.body).toMatchObject({ success: true });
    expect(page2.body.listings.data.map((l: { name: string }) => l.name)).toEqual(['Oak House']);
    expect(page2.body.listings.next_page_url).toBeNull();

    const same = await client
      .get('/api/listings/dashboard/paginate')
      .query({ publish: 'published', sort: 'price_desc', count: 2, search: 'house', page: 2 });
    expect(same.body.listings.data.map((l: { name: string }) => l.name)).toEqual(['Oak House']);
    expect((await client.get('/api/listings/dashboard').query({ sort: 'random' })).status).toBe(422);
  });

  it('shows a listing to everyone once published, never a draft to others', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const pub = await makeProperty(client, { name: 'Shown' });
    const draft = await makeProperty(client, { name: 'Unshown' }, false);
    const guest = await t.client();
    const res = await guest.get(`/api/listings/${pub.listing.id}`);
    expect(res.status).toBe(200);
    expect(res.body.listing).toMatchObject({
      id: pub.listing.id,
      name: 'Shown',
      spot: null,
      spotVideo: null,
      open_houses: [],
    });
    expect(res.body.listing.property.price).toBe('450000.50');
    expect((await guest.get(`/api/listings/${draft.listing.id}`)).status).toBe(404);
    expect((await client.get(`/api/listings/${draft.listing.id}`)).status).toBe(200);
    const page = await guest.visit(`/listing/${pub.listing.id}`);
    expect(page.body.component).toBe('Listing/Show');
    expect(page.body.props.listing.id).toBe(pub.listing.id);
  });
});
