import { linkIn, waitForMail } from '../auth/helpers';
import { makeProperty } from '../properties/helpers';
import { bootTestApp, TestApp } from '../support/app';

const hours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describe('open houses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('schedules, takes RSVPs up to capacity, notifies the realtor, lists RSVPs, cancels, surveys', async () => {
    const { client: realtor, user: owner } = await t.signedIn({ type: 'realtor' });
    const { listing } = await makeProperty(realtor, { name: 'Open Loft' });
    const created = await realtor
      .post(`/api/listings/${listing.id}/open-houses`)
      .send({ starts_at: hours(24), ends_at: hours(26), capacity: 2, notes: 'Shoes off' });
    expect(created.status).toBe(201);
    const house = created.body.open_house;
    expect(house).toMatchObject({ capacity: 2, registered: 0, spots_left: 2, notes: 'Shoes off', has_ended: false });

    // Shown on the listing.
    const guest = await t.client();
    const listingRes = await guest.get(`/api/listings/${listing.id}`);
    expect(listingRes.body.listing.open_houses).toEqual([
      { id: house.id, starts_at: house.starts_at, ends_at: house.ends_at, capacity: 2 },
    ]);
    expect((await guest.get(`/api/listings/${listing.id}/open-houses`)).body.open_houses).toHaveLength(1);

    const one = await guest.post(`/api/open-houses/${house.id}/rsvp`).send({ name: 'Ann', email: 'Ann@Example.test' });
    expect(one.status).toBe(201);
    expect(one.body.rsvp).toMatchObject({ name: 'Ann', email: 'ann@example.test', cancelled: false });
    expect(one.body.rsvp.token).toHaveLength(32);
    expect(one.body.open_house.spots_left).toBe(1);
    expect(
      (await guest.post(`/api/open-houses/${house.id}/rsvp`).send({ name: 'Ann again', email: 'ann@example.test' }))
        .status,
    ).toBe(422);
    expect(
      (await guest.post(`/api/open-houses/${house.id}/rsvp`).send({ name: '', email: 'bad' })).body.errors,
    ).toMatchObject({ name: expect.any(Array) });
    const two = await guest.post(`/api/open-houses/${house.id}/rsvp`).send({ name: 'Ben', email: 'ben@example.test' });
    expect(two.status).toBe(201);
    const full = await guest.post(`/api/open-houses/${house.id}/rsvp`).send({ name: 'Cy', email: 'cy@example.test' });
    expect(full.status).toBe(422);
    expect(full.body.errors.capacity).toEqual(['Sorry, this open house is full.']);

    // The realtor hears of a registration once its email is confirmed.
    expect(await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1`, [owner.id])).toHaveLength(0);
    for (const email of ['ann@example.test', 'ben@example.test']) {
      const mail = await waitForMail(t.db, email, 'Confirm your open house visit');
      expect((await guest.get(linkIn(mail, '/open-houses/rsvp/confirm/'))).status).toBe(303);
    }
    const notes = await t.db.query(`SELECT kind, url FROM notifications WHERE user_id = $1`, [owner.id]);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({ kind: 'open_house_rsvp', url: `/listing/${listing.id}/open-houses` });

    const list = await realtor.get(`/api/open-houses/${house.id}/rsvps`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, current_page: 1 });
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Ann', 'Ben']);

    // Cancelling frees a spot.
    const cancel = await guest.post(`/api/open-houses/rsvp/${one.body.rsvp.token}/cancel`).send({});
    expect(cancel.status).toBe(200);
    expect((await guest.get(`/api/open-houses/${house.id}`)).body.open_house.spots_left).toBe(1);
    expect(
      (await guest.post(`/api/open-houses/${house.id}/rsvp`).send({ name: 'Cy', email: 'cy@example.test' })).status,
    ).toBe(201);
    expect((await guest.post('/api/open-houses/rsvp/unknown-token/cancel').send({})).status).toBe(404);

    // The survey opens once the visit started.
    expect(
      (await guest.post(`/api/open-houses/rsvp/${two.body.rsvp.token}/survey`).send({ rating: 5, interested: true }))
        .status,
    ).toBe(422);
    await t.db.query(`UPDATE open_houses SET starts_at = now() - interval '1 hour' WHERE id = $1`, [house.id]);
    expect(
      (await guest.post(`/api/open-houses/rsvp/${two.body.rsvp.token}/survey`).send({ rating: 9, interested: true }))
        .status,
    ).toBe(422);
    const survey = await guest
      .post(`/api/open-houses/rsvp/${two.body.rsvp.token}/survey`)
      .send({ rating: 4, interested: 'true', comments: 'Lovely light' });
    expect(survey.status).toBe(200);
    const rows = await realtor.get(`/api/open-houses/${house.id}/rsvps`);
    expect(rows.body.data.find((r: { name: string }) => r.name === 'Ben').survey).toEqual({
      rating: 4,
      interested: true,
      comments: 'Lovely light',
    });

    // Pages.
    for (const [url, component] of [
      [`/open-houses/${house.id}`, 'OpenHouse/Landing'],
      [`/open-houses/${house.id}/register`, 'OpenHouse/Register'],
      [`/open-houses/rsvp/${two.body.rsvp.token}/survey`, 'OpenHouse/Survey'],
      [`/open-houses/rsvp/${one.body.rsvp.token}/cancelled`, 'OpenHouse/CancellationSuccess'],
    ]) {
      const page = await guest.visit(url);
      expect({ url, status: page.status, component: page.body.component }).toEqual({ url, status: 200, component });
    }
    expect((await realtor.visit(`/listing/${listing.id}/open-houses`)).body.component).toBe('OpenHouse/Manage');
  });

  it('validates schedules and refuses other users', async () => {
    const { client: realtor } = await t.signedIn({ type: 'realtor' });
    const { client: other } = await t.signedIn();
    const { listing } = await makeProperty(realtor, { name: 'Closed Loft' });
    expect(
      (
        await realtor
          .post(`/api/listings/${listing.id}/open-houses`)
          .send({ starts_at: hours(5), ends_at: hours(4), capacity: 5 })
      ).status,
    ).toBe(422);
    expect(
      (
        await realtor
          .post(`/api/listings/${listing.id}/open-houses`)
          .send({ starts_at: hours(-5), ends_at: hours(-4), capacity: 5 })
      ).status,
    ).toBe(422);
    expect(
      (
        await realtor
          .post(`/api/listings/${listing.id}/open-houses`)
          .send({ starts_at: 'soon', ends_at: hours(4), capacity: 0 })
      ).body.errors,
    ).toMatchObject({ starts_at: expect.any(Array) });
    expect(
      (
        await other
          .post(`/api/listings/${listing.id}/open-houses`)
          .send({ starts_at: hours(2), ends_at: hours(3), capacity: 5 })
      ).status,
    ).toBe(403);
    const h = (
      await realtor
        .post(`/api/listings/${listing.id}/open-houses`)
        .send({ starts_at: hours(2), ends_at: hours(3), capacity: 5 })
    ).body.open_house;
    expect((await other.get(`/api/open-houses/${h.id}/rsvps`)).status).toBe(403);
    expect((await other.delete(`/api/open-houses/${h.id}`)).status).toBe(403);
    expect((await realtor.delete(`/api/open-houses/${h.id}`)).status).toBe(200);
    expect((await realtor.get(`/api/open-houses/${h.id}`)).status).toBe(404);
  });
});
