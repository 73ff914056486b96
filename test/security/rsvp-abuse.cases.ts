import { RateLimiterService as RateLimiterReset } from '../../src/modules/security/rate-limiter.service';
import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { linkIn, waitForMail } from '../auth/helpers';

describe('open-house RSVPs cannot be flooded', () => {
  let t: TestApp;
  let realtor: TestClient;
  const hours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const openHouse = async (capacity: number): Promise<string> => {
    const { listing } = await makeProperty(realtor, { name: 'Flood House' });
    const res = await realtor
      .post(`/api/listings/${listing.id}/open-houses`)
      .send({ starts_at: hours(24), ends_at: hours(26), capacity });
    expect(res.status).toBe(201);
    return res.body.open_house.id;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    realtor = (await t.signedIn({ type: 'realtor' })).client;
  });
  afterAll(() => t.close());

  it('limits RSVPs per IP and per email address', async () => {
    const id = await openHouse(100);
    const guest = await t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await guest.post(`/api/open-houses/${id}/rsvp`).send({ name: `Fake ${i}`, email: `fake${i}@example.test` }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 429]);

    // One email address, tried on several open houses (its own budget, independent of the IP).
    await t.app.get(RateLimiterReset).clear('open-house-rsvp:ip:127.0.0.1');
    const houses = [await openHouse(5), await openHouse(5), await openHouse(5), await openHouse(5)];
    const perEmail = [];
    for (const house of houses)
      perEmail.push(
        (await guest.post(`/api/open-houses/${house}/rsvp`).send({ name: 'Same', email: 'same@example.test' })).status,
      );
    expect(perEmail).toEqual([201, 201, 201, 429]);
  });

  it('needs the emailed link before the RSVP counts for good (a verified account with that email counts at once)', async () => {
    const id = await openHouse(1);
    const guest = await t.client();
    const first = await guest.post(`/api/open-houses/${id}/rsvp`).send({ name: 'Real', email: 'real@example.test' });
    expect(first.status).toBe(201);
    expect(first.body.rsvp.confirmed).toBe(false);
    expect(first.body.message).toMatch(/confirm/);
    // The answer to the browser carries no confirmation token: only the mailbox does.
    expect(JSON.stringify(first.body)).not.toMatch(/confirm\//);
    const mail = await waitForMail(t.db, 'real@example.test', 'Confirm your open house visit');
    expect((await guest.get(linkIn(mail, '/open-houses/rsvp/confirm/'))).status).toBe(303);
    const list = await realtor.get(`/api/open-houses/${id}/rsvps`);
    expect(list.body.data[0]).toMatchObject({ email: 'real@example.test', confirmed: true });

    // An unconfirmed hold lapses: after it, the spot is free again.
    const other = await openHouse(1);
    await guest.post(`/api/open-houses/${other}/rsvp`).send({ name: 'Fake', email: 'lapsed@example.test' });
    expect(
      (await guest.post(`/api/open-houses/${other}/rsvp`).send({ name: 'B', email: 'b@example.test' })).status,
    ).toBe(422);
    await t.db.query(
      `UPDATE open_house_rsvps SET created_at = now() - interval '31 minutes' WHERE email = 'lapsed@example.test'`,
    );
    expect(
      (await guest.post(`/api/open-houses/${other}/rsvp`).send({ name: 'B', email: 'b@example.test' })).status,
    ).toBe(201);

    const { client: member, user } = await t.signedIn();
    const verified = await openHouse(3);
    const own = await member.post(`/api/open-houses/${verified}/rsvp`).send({ name: 'Member', email: user.email });
    expect(own.body.rsvp.confirmed).toBe(true);
  });

  it('lets the realtor remove an RSVP, and nobody else', async () => {
    const id = await openHouse(2);
    const guest = await t.client();
    const rsvp = await guest.post(`/api/open-houses/${id}/rsvp`).send({ name: 'Spam', email: 'spam@example.test' });
    const rsvpId = rsvp.body.rsvp.id;
    const { client: stranger } = await t.signedIn();
    expect((await stranger.delete(`/api/open-houses/${id}/rsvps/${rsvpId}`)).status).toBe(403);
    expect((await guest.delete(`/api/open-houses/${id}/rsvps/${rsvpId}`)).status).toBe(401);
    expect((await realtor.delete(`/api/open-houses/${id}/rsvps/${rsvpId}`)).status).toBe(200);
    expect((await realtor.get(`/api/open-houses/${id}/rsvps`)).body.total).toBe(0);
    expect((await realtor.delete(`/api/open-houses/${id}/rsvps/${rsvpId}`)).status).toBe(404);
  });
});
