import { OpenHousesService } from '../../src/modules/open-houses';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { makeProperty, photoBytes } from './helpers';

/** What each route's table row needs: an owner with published and draft properties, another user, a guest. */
export interface Ctx {
  t: TestApp;
  owner: TestClient;
  ownerId: string;
  otherId: string;
  published: { slug: string; id: string; listing: { id: string } };
  draft: { slug: string; id: string; listing: { id: string } };
  /** A fresh published property of the owner (for rows that change or delete things). */
  fresh(publish?: boolean): Promise<{ slug: string; id: string; listing: { id: string } }>;
  upload(slug: string): Promise<string>;
  component(slug: string, type?: string): Promise<string>;
  openHouse(listingId: string): Promise<string>;
  rsvpToken(openHouseId: string): Promise<string>;
}

export interface Row {
  name: string;
  method: 'get' | 'post' | 'delete';
  /** Built per caller, so destructive rows get their own resources. */
  path: (ctx: Ctx, who: Who) => Promise<string> | string;
  body?: Record<string, unknown> | ((ctx: Ctx) => Record<string, unknown>);
  attach?: boolean;
  guest: number;
  other: number;
  owner: number;
}

export type Who = 'guest' | 'other' | 'owner';

/**
 * The property, listing and people tables: each row as guest, another user and the owner, run through the one
 * table helper (expectAuthorizationTable); this file only builds the fixtures the rows point at.
 */
export function authorizationTable(title: string, rows: Row[]): void {
  describe(title, () => {
    let ctx: Ctx;
    let clients: Record<Who, TestClient>;
    beforeAll(async () => {
      const t = await bootTestApp();
      let rsvps = 0;
      const owner = await t.signedIn({ type: 'realtor' });
      const other = await t.signedIn();
      const published = await makeProperty(owner.client, { name: 'Auth Published' });
      const draft = await makeProperty(owner.client, { name: 'Auth Draft' }, false);
      const hours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
      ctx = {
        t,
        owner: owner.client,
        ownerId: owner.user.id,
        otherId: other.user.id,
        published,
        draft,
        fresh: (publish = true) => makeProperty(owner.client, { name: 'Auth Fresh' }, publish),
        upload: async (slug) =>
          (await owner.client.post(`/api/properties/${slug}/uploads`).attach('photo', await photoBytes(), 'p.jpg')).body
            .upload.id,
        component: async (slug, type = 'details') =>
          (await owner.client.get(`/api/properties/${slug}/component/${type}`)).body.component.id,
        openHouse: async (listingId) =>
          (
            await owner.client
              .post(`/api/listings/${listingId}/open-houses`)
              .send({ starts_at: hours(24), ends_at: hours(25), capacity: 50 })
          ).body.open_house.id,
        // Straight through the service, each from its own address: the table needs more RSVPs than one
        // address may make in an hour over HTTP (that limit has its own test).
        rsvpToken: async (id) =>
          (
            await t.app
              .get(OpenHousesService)
              .rsvp(
                id,
                { name: 'Rsvp', email: `r${Math.random().toString(36).slice(2)}@example.test` },
                undefined,
                `198.51.100.${++rsvps}`,
              )
          ).rsvp.token,
      };
      clients = { guest: await t.client(), other: other.client, owner: owner.client };
    });
    afterAll(() => ctx.t.close());

    it('answers each caller as the table says', async () => {
      await expectAuthorizationTable(
        clients,
        rows.map((row) => ({
          name: row.name,
          method: row.method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
          path: (who: Who) => row.path(ctx, who),
          body:
            row.method === 'post' && !row.attach
              ? () => (typeof row.body === 'function' ? row.body(ctx) : (row.body ?? {}))
              : undefined,
          attach: row.attach ? { field: 'photo', filename: 'p.jpg', bytes: photoBytes } : undefined,
          expect: { guest: row.guest, other: row.other, owner: row.owner },
        })),
      );
    });
  });
}
