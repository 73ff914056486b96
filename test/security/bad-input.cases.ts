import { bootTestApp, TestApp, TestClient } from '../support/app';

/**
 * The seven inputs that once answered 500, each on a route where it did. The fuzz test
 * (fuzz.e2e-spec.ts) sends the same classes to every route; this file names the known cases.
 */
describe('bad input never answers 500', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await bootTestApp();
    client = (await t.signedIn()).client;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 413 for a body over 1 MB, before anything else reads it', async () => {
    const big = { title: 'x'.repeat(1_100_000) };
    const guest = await t.client();
    for (const res of [await guest.post('/login').send(big), await client.post('/api/video/blank').send(big)]) {
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/too large/);
    }
    const malformed = await client.post('/api/video/blank').set('Content-Type', 'application/json').send('{"title":');
    expect(malformed.status).toBe(400);
  });

  it('refuses JSON nested 2,500 levels deep with 422', async () => {
    const deep = `${'{"title":'.repeat(2500)}"x"${'}'.repeat(2500)}`;
    const res = await client.post('/api/video/blank').set('Content-Type', 'application/json').send(deep);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/nested too deeply/);
    const list = await client
      .post('/settings/addresses')
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(2500)}${']'.repeat(2500)}`);
    expect(list.status).toBe(422);
  });

  it('refuses a NUL byte in a string field with 422 on that field', async () => {
    const res = await client.post('/api/video/blank').send({ title: 'before\u0000after' });
    expect(res.status).toBe(422);
    expect(res.body.errors.title[0]).toMatch(/NUL/);
  });

  it('answers 404 for %00 in a path parameter', async () => {
    for (const path of [
      '/api/walkthrough/%00',
      '/properties/%00',
      '/profile/ab%00cd',
      '/api/open-houses/rsvp/%00/cancel',
    ]) {
      const res = path.includes('cancel')
        ? await client.post(path).send({})
        : await client.get(path).set('Accept', 'application/json');
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it('refuses null for an optional text field (the video title) with 422, and still accepts leaving it out', async () => {
    const created = await client.post('/api/video/blank').send({ title: 'Kitchen' });
    expect(created.status).toBe(201);
    const id = created.body.video.id;
    const res = await client.post(`/api/video/${id}/update`).send({ title: null });
    expect(res.status).toBe(422);
    expect(res.body.errors.title).toBeDefined();
    expect((await client.post(`/api/video/${id}/update`).send({ position: 2 })).status).toBe(200);
    const walkthrough = await client.post('/api/walkthroughs').send({ title: 'Tour' });
    const slug = walkthrough.body.walkthrough.slug;
    expect((await client.patch(`/api/walkthrough/${slug}`).send({ title: null })).status).toBe(422);
    // A field that may be cleared says so in its type, and null still clears it.
    expect((await client.patch(`/api/walkthrough/${slug}`).send({ description: null })).status).toBe(200);
  });

  it('refuses page numbers beyond the bounds with 422 on every list, whatever its DTO', async () => {
    for (const path of ['/api/notifications', '/api/followers', '/api/chats', '/api/credits/history']) {
      const res = await client.get(`${path}?page=99999999999999999999`).set('Accept', 'application/json');
      expect({ path, status: res.status }).toEqual({ path, status: 422 });
      expect(res.body.errors.page).toBeDefined();
    }
    expect((await client.get('/api/notifications?page=2').set('Accept', 'application/json')).status).toBe(200);
  });

  it('refuses NUL and arrays in query values: /api/markets?search=%00', async () => {
    const nul = await client.get('/api/markets?search=%00').set('Accept', 'application/json');
    expect(nul.status).toBe(422);
    expect(nul.body.errors.search).toBeDefined();
    const array = await client.get('/api/chats?tab[]=a&tab[]=b').set('Accept', 'application/json');
    expect(array.status).toBeLessThan(500);
  });
});
