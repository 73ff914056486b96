import sharp from 'sharp';
import { bootTestApp, TestApp } from '../support/app';
import { COMPLETE, makeProperty, photoBytes } from './helpers';

describe('properties API (spec 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('creates a draft with every component and a listing; its slug follows the name until first published', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const res = await client.post('/api/properties').send({ name: 'Café du Lac!' });
    expect(res.status).toBe(201);
    const p = res.body.property;
    expect(p.slug).toMatch(/^cafe-du-lac-[a-z0-9]{6}$/);
    expect(p.publish).toBe(false);
    expect(p.publish_state).toBe('draft');
    expect(Object.keys(p.components).sort()).toEqual([
      'details',
      'features',
      'floor_plan',
      'gallery',
      'neighborhood',
      'schools',
    ]);
    expect(p.listing.id).toBeTruthy();
    // A draft's slug follows its name (same suffix), and the old slug no longer answers.
    const suffix = p.slug.slice(-6);
    const renamed = await client.post(`/api/properties/${p.slug}`).send({ name: 'Lakeside House' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.property.name).toBe('Lakeside House');
    expect(renamed.body.property.slug).toBe(`lakeside-house-${suffix}`);
    expect((await client.get(`/api/properties/${p.slug}`)).status).toBe(404);
    // Once published the slug never changes again, not even after unpublishing.
    const slug = renamed.body.property.slug;
    expect((await client.post(`/api/properties/${slug}`).send(COMPLETE)).body.property.slug).toBe(
      `sunny-loft-${suffix}`,
    );
    const published = `sunny-loft-${suffix}`;
    expect((await client.post(`/api/properties/${published}/publish/`).send({ publish: true })).status).toBe(200);
    expect((await client.post(`/api/properties/${published}`).send({ name: 'Harbour View' })).body.property.slug).toBe(
      published,
    );
    await client.post(`/api/properties/${published}/publish/`).send({ publish: false });
    expect((await client.post(`/api/properties/${published}`).send({ name: 'Dockside' })).body.property.slug).toBe(
      published,
    );
    // Two properties with the same name get different slugs.
    const again = await client.post('/api/properties').send({ name: 'Café du Lac!' });
    expect(again.body.property.slug).not.toBe(p.slug);
  });

  it("opens the new-property editor without a draft; the first save creates it with that step's fields", async () => {
    const { client, user } = await t.signedIn({ type: 'realtor' });
    const page = await client.visit('/properties/new');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ component: 'Property/Editor', props: { slug: null, step: 'address' } });
    const count = async () =>
      Number((await t.db.query(`SELECT count(*) FROM properties WHERE user_id = $1`, [user.id]))[0].count);
    expect(await count()).toBe(0);

    const bad = await client.post('/api/properties').send({ city: 'Austin', latitude: 200 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['latitude']);
    expect(await count()).toBe(0);

    const res = await client
      .post('/api/properties')
      .send({ address: '1 Congress Ave', city: 'Austin', latitude: 30.2672, longitude: -97.7431 });
    expect(res.status).toBe(201);
    expect(res.body.property).toMatchObject({
      name: 'New property',
      city: 'Austin',
      latitude: 30.2672,
      full_address: '1 Congress Ave, Austin',
      publish_state: 'draft',
    });
    expect(res.body.property.slug).toMatch(/^new-property-[a-z0-9]{6}$/);
    expect(res.body.property.listing.id).toBeTruthy();
    expect(await count()).toBe(1);
    // Publishing and archiving are not part of the first save.
    const sneaky = await client.post('/api/properties').send({ name: 'X', publish: true, archived: true });
    expect(sneaky.body.property).toMatchObject({ publish: false, publish_state: 'draft' });
  });

  it('updates only the fields sent; prices are exact decimal strings', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const { slug } = await makeProperty(client, {}, false);
    const got = await client.get(`/api/properties/${slug}`);
    expect(got.status).toBe(200);
    expect(got.body.property).toMatchObject({
      name: 'Sunny Loft',
      price: '450000.50',
      currency: 'USD',
      city: 'Austin',
      latitude: 30.2672,
    });
    expect(got.body.property.full_address).toBe('100 Congress Ave, Austin, TX 78701, United States');
    // Undefined fields are dropped: only the description changes.
    const res = await client.post(`/api/properties/${slug}`).send({ description: 'New words' });
    expect(res.body.property).toMatchObject({
      description: 'New words',
      name: 'Sunny Loft',
      price: '450000.50',
      city: 'Austin',
    });
    // A number price is taken as its decimal text; large values keep every digit.
    const big = await client.post(`/api/properties/${slug}`).send({ price: '999999999999.99' });
    expect(big.body.property.price).toBe('999999999999.99');
    const num = await client.post(`/api/properties/${slug}`).send({ price: 1250000.5 });
    expect(num.body.property.price).toBe('1250000.50');
    // null clears a nullable field.
    const cleared = await client.post(`/api/properties/${slug}`).send({ description: null });
    expect(cleared.body.property.description).toBeNull();
    // The market time zone ("this weekend" for open houses): derived from the place, chosen, and cleared back to
    // the derived one.
    expect(got.body.property.time_zone).toBe('America/Chicago');
    const zoned = await client.post(`/api/properties/${slug}`).send({ time_zone: 'America/Denver' });
    expect(zoned.body.property.time_zone).toBe('America/Denver');
    const unzoned = await client.post(`/api/properties/${slug}`).send({ time_zone: null });
    expect(unzoned.body.property.time_zone).toBe('America/Chicago');
    const raw = await t.db.query(`SELECT price::text AS price FROM properties WHERE slug = $1`, [slug]);
    expect(raw[0].price).toBe('1250000.50');
  });

  it('answers 422 with field errors on bad input', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const { slug } = await makeProperty(client, {}, false);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: '12.345' }, 'price'],
      [{ price: 'cheap' }, 'price'],
      [{ price: -5 }, 'price'],
      [{ latitude: 91 }, 'latitude'],
      [{ longitude: 'east' }, 'longitude'],
      [{ type: 'castle' }, 'type'],
      [{ status: 'maybe' }, 'status'],
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ currency: 'XXX' }, 'currency'],
      [{ accepted_currencies: ['BTC'] }, 'accepted_currencies'],
      [{ accepted_cryptocurrencies: ['USD'] }, 'accepted_cryptocurrencies'],
      [{ country_code: 'USA' }, 'country_code'],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ is_private: 'perhaps' }, 'is_private'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post(`/api/properties/${slug}`).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(res.body.errors[field]).toBeDefined();
    }
    const ok = await client
      .post(`/api/properties/${slug}`)
      .send({ accepted_currencies: ['eur', 'USD'], accepted_cryptocurrencies: ['btc'] });
    expect(ok.body.property.accepted_currencies).toEqual(['EUR', 'USD']);
    expect(ok.body.property.accepted_cryptocurrencies).toEqual(['BTC']);
  });

  it('publishes only complete properties, toggles, archives', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const draft = (await client.post('/api/properties').send({ name: 'Bare' })).body.property;
    const refused = await client.post(`/api/properties/${draft.slug}/publish/`).send({ publish: true });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['address', 'latitude', 'price']);

    const { slug } = await makeProperty(client, {}, false);
    const on = await client.post(`/api/properties/${slug}/publish/`).send({});
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ publish: true, message: 'Property published' });
    const off = await client.post(`/api/properties/${slug}/publish`).send({});
    expect(off.body.publish).toBe(false);
    await client.post(`/api/properties/${slug}/publish/`).send({ publish: true });
    const archived = await client.post(`/api/properties/${slug}`).send({ archived: true });
    expect(archived.body.property.publish_state).toBe('archived');
  });

  it('hides drafts, private and archived properties from others (404), 403 on changes to a visible one', async () => {
    const { client: owner } = await t.signedIn({ type: 'realtor' });
    const { client: other } = await t.signedIn();
    const guest = await t.client();
    const draft = await makeProperty(owner, { name: 'Draft' }, false);
    const published = await makeProperty(owner, { name: 'Public' });
    const privateOne = await makeProperty(owner, { name: 'Secret', is_private: true });

    for (const c of [other, guest]) {
      expect((await c.get(`/api/properties/${draft.slug}`)).status).toBe(404);
      expect((await c.get(`/api/properties/${privateOne.slug}`)).status).toBe(404);
      expect((await c.get(`/api/property/${draft.slug}/resources`)).status).toBe(404);
      expect((await c.get(`/api/properties/${published.slug}`)).status).toBe(200);
    }
    expect((await other.get('/api/properties/no-such-slug-zzzzzz')).status).toBe(404);
    expect((await other.post(`/api/properties/${published.slug}`).send({ name: 'Mine now' })).status).toBe(403);
    expect((await other.post(`/api/properties/${published.slug}/publish/`).send({})).status).toBe(403);
    expect((await other.post(`/api/properties/${draft.slug}`).send({ name: 'Mine now' })).status).toBe(404);
    const pub = await other.get(`/api/properties/${published.slug}`);
    expect(pub.body.property.can_edit).toBe(false);
    expect(pub.body.property.user.id).toBeTruthy();
    expect(pub.body.property.user.email).toBeUndefined();
  });

  it('components: get by type, update content; animations; resources; currencies', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const { slug } = await makeProperty(client);
    const comp = await client.get(`/api/properties/${slug}/component/details`);
    expect(comp.status).toBe(200);
    expect(comp.body.component).toMatchObject({ type: 'details', content: {}, images: [] });
    expect((await client.get(`/api/properties/${slug}/component/basement`)).status).toBe(422);
    const saved = await client
      .post(`/api/component/${comp.body.component.id}`)
      .send({ content: { bedrooms: 3, bathrooms: 2.5 } });
    expect(saved.status).toBe(200);
    expect(saved.body.component.content).toEqual({ bedrooms: 3, bathrooms: 2.5 });
    expect((await client.post(`/api/component/${comp.body.component.id}`).send({ content: 'text' })).status).toBe(422);
    // The details' numbers are checked, each under its own field; a refused save keeps what was stored.
    const refused = await client
      .post(`/api/component/${comp.body.component.id}`)
      .send({ content: { bedrooms: '3 beds', bathrooms: -1, area_sqft: 1200, year_built: 3000 } });
    expect({ status: refused.status, errors: refused.body.errors }).toEqual({
      status: 422,
      errors: {
        bedrooms: ['Bedrooms must be a number.'],
        bathrooms: ['Bathrooms must be between 0 and 100.'],
        year_built: ['The year built must be between 1600 and 2100.'],
      },
    });
    const fractional = await client
      .post(`/api/component/${comp.body.component.id}`)
      .send({ content: { bedrooms: 2.5, bathrooms: null } });
    expect(fractional.body.errors).toEqual({ bedrooms: ['Bedrooms must be a whole number.'] });
    const cents = await client
      .post(`/api/component/${comp.body.component.id}`)
      .send({ content: { bathrooms: 2.155, area_sqft: 1200.15 } });
    expect(cents.body.errors).toEqual({ bathrooms: ['Bathrooms takes at most two decimals.'] });
    const kept = await client.get(`/api/properties/${slug}/component/details`);
    expect(kept.body.component.content).toEqual({ bedrooms: 3, bathrooms: 2.5 });
    expect((await client.post(`/api/component/not-a-uuid`).send({ content: {} })).status).toBe(404);

    const anim = await client
      .post(`/api/properties/${slug}/animations`)
      .send({ animations: [{ type: 'fade', duration_ms: 400 }] });
    expect(anim.status).toBe(200);
    expect(anim.body.animations).toEqual([{ type: 'fade', duration_ms: 400 }]);
    expect(
      (await client.post(`/api/properties/${slug}/animations`).send({ animations: [{ duration_ms: -1 }] })).status,
    ).toBe(422);

    const resources = await client.get(`/api/property/${slug}/resources`);
    expect(resources.status).toBe(200);
    expect(resources.body.property.animations).toEqual([{ type: 'fade', duration_ms: 400 }]);
    expect(resources.body.property.components.details.content).toEqual({ bedrooms: 3, bathrooms: 2.5 });
    expect(resources.body.currencies.map((c: { code: string }) => c.code)).toContain('BTC');

    const currencies = await (await t.client()).get('/api/currency/');
    expect(currencies.status).toBe(200);
    expect(currencies.body.currencies[0]).toEqual({
      code: 'USD',
      name: 'US Dollar',
      symbol: '$',
      decimals: 2,
      is_crypto: false,
    });
  });

  it('uploads photos (thumb + web, EXIF applied, metadata stripped), featured image, delete, media access', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const { slug } = await makeProperty(client, {}, false);
    const bytes = await photoBytes(64, 48);
    const up = await client.post(`/api/properties/${slug}/uploads`).attach('photo', bytes, 'house.jpg');
    expect(up.status).toBe(201);
    const upload = up.body.upload;
    expect(upload.thumb_url).toMatch(/^\/media\/listings\/.+-thumb\.webp$/);
    expect(upload.web_url).toMatch(/-web\.webp$/);
    // Orientation 6 rotates: 64x48 becomes 48x64.
    expect([upload.width, upload.height]).toEqual([48, 64]);
    const file = await client.get(upload.url).buffer(true);
    expect(file.status).toBe(200);
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);

    const featured = await client.get(`/api/property/${slug}/featured-image`);
    expect(featured.body.featured_image.id).toBe(upload.id);

    // The draft's photos are private: a guest gets 403 until it is published.
    const guest = await t.client();
    expect((await guest.get(upload.thumb_url).set('Accept', 'application/json')).status).toBe(403);
    await client.post(`/api/properties/${slug}/publish/`).send({ publish: true });
    expect((await guest.get(upload.thumb_url)).status).toBe(200);

    // Not an image → 422 on the photo field; no file → 422.
    const bad = await client
      .post(`/api/properties/${slug}/uploads`)
      .attach('photo', Buffer.from('hello world, not an image'), 'x.jpg');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.photo).toBeDefined();
    const none = await client.post(`/api/properties/${slug}/uploads`).field('featured', 'true');
    expect(none.status).toBe(422);

    // A component photo.
    const comp = (await client.get(`/api/properties/${slug}/component/gallery`)).body.component;
    const second = await client
      .post(`/api/properties/${slug}/uploads`)
      .field('component_id', comp.id)
      .attach('photo', bytes, 'b.jpg');
    expect(second.status).toBe(201);
    expect((await client.get(`/api/properties/${slug}/component/gallery`)).body.component.images).toHaveLength(1);

    const { client: other } = await t.signedIn();
    expect((await other.delete(`/api/upload/${upload.id}`)).status).toBe(403);
    const del = await client.delete(`/api/upload/${upload.id}`);
    expect(del.status).toBe(200);
    expect((await client.get(upload.url).set('Accept', 'application/json')).status).toBe(404);
    // The next photo becomes the featured one.
    expect((await client.get(`/api/property/${slug}/featured-image`)).body.featured_image.id).toBe(
      second.body.upload.id,
    );
    expect((await client.delete(`/api/upload/${upload.id}`)).status).toBe(404);
  });

  it('realtor dashboard: publish filter, trimmed search, sort, count, counts and next page route', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    await makeProperty(client, { name: 'Alpha House', price: '300000' });
    await makeProperty(client, { name: 'Beta House', price: '100000' });
    await makeProperty(client, { name: 'Gamma Flat', price: '200000' }, false);
    const archived = await makeProperty(client, { name: 'Delta Barn', price: '50000' });
    await client.post(`/api/properties/${archived.slug}`).send({ archived: true });

    const all = await client.get('/api/properties/dashboard/realtor');
    expect(all.status).toBe(200);
    expect(all.body.counts).toEqual({ all: 4, draft: 1, published: 2, archived: 1 });
    expect(all.body.properties.total).toBe(4);

    const published = await client.get('/api/properties/dashboard/realtor?publish=published&sort=price_asc');
    expect(published.body.properties.data.map((p: { name: string }) => p.name)).toEqual(['Beta House', 'Alpha House']);
    expect(published.body.properties.data[0].price).toBe('100000.00');

    const search = await client.get('/api/properties/dashboard/realtor').query({ search: '  house  ' });
    expect(search.body.properties.total).toBe(2);

    const paged = await client.get('/api/properties/dashboard/realtor?count=1&sort=name&search=house');
    expect(paged.body.properties).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    const next = paged.body.properties.next_page_url as string;
    expect(next).toContain('/api/properties/dashboard/realtor?');
    expect(next).toContain('search=house');
    const page2 = await client.get(next);
    expect(page2.body.properties.current_page).toBe(2);
    expect(page2.body.properties.data[0].name).toBe('Beta House');
    expect(page2.body.properties.next_page_url).toBeNull();

    expect((await client.get('/api/properties/dashboard/realtor?publish=maybe')).status).toBe(422);
    expect((await client.get('/api/properties/dashboard/realtor?count=0')).status).toBe(422);

    // Others never see this realtor's rows.
    const { client: other } = await t.signedIn();
    expect((await other.get('/api/properties/dashboard/realtor')).body.counts.all).toBe(0);
  });

  it('paginates by publish state: GET /api/properties/{publish}/paginate/{count}', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    for (const name of ['One', 'Two', 'Three']) await makeProperty(client, { name });
    await makeProperty(client, { name: 'Four' }, false);
    const res = await client.get('/api/properties/published/paginate/2');
    expect(res.status).toBe(200);
    expect(res.body.properties).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(res.body.properties.next_page_url).toBe('/api/properties/published/paginate/2?page=2');
    const p2 = await client.get(res.body.properties.next_page_url);
    expect(p2.body.properties.data).toHaveLength(1);
    expect((await client.get('/api/properties/draft/paginate/10')).body.properties.total).toBe(1);
    expect((await client.get('/api/properties/all/paginate/10')).body.properties.total).toBe(4);
    expect((await client.get('/api/properties/bogus/paginate/10')).status).toBe(422);
    expect((await client.get('/api/properties/all/paginate/1000')).status).toBe(422);
  });

  it('keeps COMPLETE sample sane', () => {
    expect(COMPLETE.price).toBe('450000.50');
  });
});
