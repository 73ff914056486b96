import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../src/common/clock';
import { PeopleService } from '../../src/modules/people';
import { ProfileCache } from '../../src/modules/people/profile-cache';
import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { QueryCounter } from '../support/query-counter';

/**
 * A guest's profile carries its version's ETag: a conditional GET holding it answers 304 from the version alone (no
 * page read or built, on a node that never built it too), a write the profile shows or the end of a listed open house
 * changes it, and a signed-in viewer's answer is private and never answers to a guest's tag.
 */
describe('people: the guest profile answers conditional GETs from its version', () => {
  let t: TestApp;
  let guest: TestClient;
  const counter = new QueryCounter();
  beforeAll(async () => {
    t = await bootTestApp();
    counter.install(t.app.getHttpServer() as Server);
    guest = await t.client();
  });
  afterAll(async () => {
    counter.uninstall();
    t.app.get(Clock).reset();
    await t.close();
  });

  const read = (client: TestClient, path: string, etag?: string) => {
    const id = randomBytes(8).toString('hex');
    let req = client.get(path).set('Accept', 'application/json').set('X-Query-Count-Id', id);
    if (etag) req = req.set('If-None-Match', etag);
    return req.then((res) => Object.assign(res, { statements: counter.statementsOf(id).length }));
  };

  it('200 with a public ETag, 304 when held (without the page), a new tag after a write', async () => {
    const owner = await t.signedIn({ type: 'realtor', handle: 'etagone', bio: 'First bio' });
    await makeProperty(owner.client, { name: 'Tagged Home' });

    const first = await read(guest, '/api/profile/etagone');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toMatch(/\bCookie\b/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(new RegExp(`^W/"p\\.${owner.user.id}\\.1\\.`));

    const again = await read(guest, '/api/profile/etagone', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another web node (an empty cache) answers the same tag with the session, the user and the version only.
    (t.app.get(PeopleService) as unknown as { profileCache: ProfileCache }).profileCache = new ProfileCache();
    const cold = await read(guest, '/api/profile/etagone', etag);
    expect(cold.status).toBe(304);
    expect(cold.statements).toBeLessThanOrEqual(3);
    expect(first.statements).toBeGreaterThan(cold.statements + 3);
    // The id route shares the tag; a request that asks for a fresh answer gets the page.
    expect((await read(guest, `/api/profile/user/${owner.user.id}`, etag)).status).toBe(304);
    const forced = await guest.get('/api/profile/etagone').set('If-None-Match', etag).set('Cache-Control', 'no-cache');
    expect(forced.status).toBe(200);
    expect(forced.body.user.bio).toBe('First bio');

    await owner.client.post(`/api/user/${owner.user.id}/update`).send({ bio: 'Second bio' }).expect(200);
    const changed = await read(guest, '/api/profile/etagone', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.user.bio).toBe('Second bio');
    expect(changed.headers.etag).not.toBe(etag);
    expect((await read(guest, '/api/profile/etagone', changed.headers.etag as string)).status).toBe(304);
    // Another page of the same profile has a tag of its own.
    const second = await read(guest, '/api/profile/etagone?page=2', changed.headers.etag as string);
    expect(second.status).toBe(200);
    expect(second.headers.etag).not.toBe(changed.headers.etag);
  });

  it('a tag runs out when its first listed open house ends, with no write', async () => {
    const owner = await t.signedIn({ type: 'realtor', handle: 'etagtwo' });
    const home = await makeProperty(owner.client, { name: 'Open Home' });
    const clock = t.app.get(Clock);
    const startsAt = new Date(clock.nowMs() + 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 3_600_000);
    await owner.client
      .post(`/api/listings/${home.listing.id}/open-houses`)
      .send({ starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), capacity: 10 })
      .expect(201);
    const listed = await read(guest, '/api/profile/etagtwo');
    expect(listed.body.listings.data[0].open_houses).toHaveLength(1);
    const etag = listed.headers.etag as string;
    expect((await read(guest, '/api/profile/etagtwo', etag)).status).toBe(304);
    clock.set(new Date(endsAt.getTime() + 1000));
    try {
      const after = await read(guest, '/api/profile/etagtwo', etag);
      expect(after.status).toBe(200);
      expect(after.body.listings.data[0].open_houses).toHaveLength(0);
      expect(after.headers.etag).not.toBe(etag);
    } finally {
      clock.reset();
    }
  });

  it("a signed-in viewer's profile is private and never answers a guest's tag", async () => {
    const owner = await t.signedIn({ type: 'realtor', handle: 'etagthree' });
    const viewer = await t.signedIn();
    const guestTag = (await read(guest, '/api/profile/etagthree')).headers.etag as string;
    for (const client of [viewer.client, owner.client]) {
      const res = await read(client, '/api/profile/etagthree', guestTag);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toMatch(/\bCookie\b/);
      expect(res.headers.etag).not.toBe(guestTag);
      expect(res.body.user.handle).toBe('etagthree');
    }
    expect((await read(viewer.client, `/api/profile/user/${owner.user.id}`, guestTag)).status).toBe(200);
  });
});
