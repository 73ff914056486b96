import { bootTestApp, TestApp, TestClient } from '../support/app';
import { makeProperty } from './helpers';

/**
 * The public property page and the guest feed as JSON: a guest's answer is public and revalidated by its ETag (304
 * while unchanged, a new tag after a write that changes it); a signed-in viewer's is private and never stored. The
 * Inertia page of a property keeps answering by its own protocol (Vary: X-Inertia).
 */
describe('properties: conditional GETs of the public property page and the guest feed', () => {
  let t: TestApp;
  let guest: TestClient;
  beforeAll(async () => {
    t = await bootTestApp();
    guest = await t.client();
  });
  afterAll(() => t.close());

  const read = (client: TestClient, path: string, etag?: string) => {
    const req = client.get(path).set('Accept', 'application/json');
    return etag ? req.set('If-None-Match', etag) : req;
  };

  it("a guest's property page: 200 with an ETag, 304 when held, a new tag after the owner's edit", async () => {
    const owner = await t.signedIn({ type: 'realtor' });
    const home = await makeProperty(owner.client, { name: 'Etag Home' });
    const first = await read(guest, `/api/properties/${home.slug}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toMatch(/\bCookie\b/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await read(guest, `/api/properties/${home.slug}`, etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');

    await owner.client.post(`/api/properties/${home.slug}`).send({ description: 'Now with a garden.' }).expect(200);
    const changed = await read(guest, `/api/properties/${home.slug}`, etag);
    expect(changed.status).toBe(200);
    expect(changed.body.property.description).toBe('Now with a garden.');
    expect(changed.headers.etag).not.toBe(etag);

    // Signed in (the owner, who may edit it, and another user): private, never stored, never a 304 on a guest's tag.
    const other = await t.signedIn();
    for (const client of [owner.client, other.client]) {
      const mine = await read(client, `/api/properties/${home.slug}`, changed.headers.etag as string);
      expect(mine.status).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers.vary).toMatch(/\bCookie\b/);
    }
    // The Inertia page is unchanged: it varies on X-Inertia and is not marked public.
    const visit = await guest.visit(`/properties/${home.slug}`);
    expect([200, 409]).toContain(visit.status);
    expect(visit.headers.vary).toMatch(/X-Inertia/);
    expect(visit.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it("the guest feed: 200 with an ETag, 304 when held; a signed-in viewer's feed is private", async () => {
    const first = await read(guest, '/api/feed');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toMatch(/\bCookie\b/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await read(guest, '/api/feed', etag)).status).toBe(304);
    const viewer = await t.signedIn();
    const mine = await read(viewer.client, '/api/feed', etag);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });
});
