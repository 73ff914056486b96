import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { makeProperty } from '../properties/helpers';
import { expectAuthorizationTable, type AuthorizationRow } from '../support/authorization';

type Caller = 'guest' | 'other' | 'owner';

/**
 * Every video route with what a guest, another user and the owner get. Uploading and playback of
 * real files is covered in pipeline.e2e-spec.ts; here videos stay in "uploading".
 */
describe('video authorization', () => {
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;
  let guest: TestClient;
  let walkthrough: { slug: string };
  let video: { id: string; slug: string };
  let spot: { slug: string };
  let list: { id: string };

  beforeAll(async () => {
    t = await bootTestApp();
    owner = (await t.signedIn({ type: 'realtor' })).client;
    other = (await t.signedIn({ type: 'realtor' })).client;
    guest = await t.client();
    walkthrough = (await owner.post('/api/walkthroughs').send({ title: 'Tour' })).body.walkthrough;
    video = (await owner.post(`/api/video/walkthrough/${walkthrough.slug}`).send({ title: 'Hall' })).body.video;
    spot = (await owner.post(`/api/spot/${walkthrough.slug}`).send({ title: 'Teaser' })).body.spot;
    list = (await owner.post('/api/video-lists').send({ name: 'Best rooms', video_ids: [video.id] })).body.list;
  });
  afterAll(() => t?.close());

  const html = { Accept: 'text/html' };
  const row = (
    method: AuthorizationRow<Caller>['method'],
    name: string,
    path: () => string,
    [guestStatus, otherStatus, ownerStatus]: [number, number, number],
    extra: Partial<AuthorizationRow<Caller>> = {},
  ): AuthorizationRow<Caller> => ({
    name,
    method,
    path,
    expect: { guest: guestStatus, other: otherStatus, owner: ownerStatus },
    ...extra,
  });

  it('answers every route as the table says (guest, another user, owner)', async () => {
    await expectAuthorizationTable({ guest, other, owner }, [
      row('GET', 'GET /api/walkthrough/{slug} (draft)', () => `/api/walkthrough/${walkthrough.slug}`, [404, 404, 200]),
      row('PATCH', 'PATCH /api/walkthrough/{slug}', () => `/api/walkthrough/${walkthrough.slug}`, [401, 403, 200], {
        body: { title: 'New' },
      }),
      // A bad body is the owner's 422 only: a stranger is refused before the body is read.
      row(
        'PATCH',
        'PATCH /api/walkthrough/{slug}, bad body',
        () => `/api/walkthrough/${walkthrough.slug}`,
        [401, 403, 422],
        {
          body: { published: 'soon' },
        },
      ),
      row('PATCH', 'PATCH /api/spot/{slug}, bad body', () => `/api/spot/${spot.slug}`, [401, 403, 422], {
        body: { listing_id: 'not-a-uuid' },
      }),
      row('POST', 'POST /api/walkthroughs', () => '/api/walkthroughs', [401, 201, 201], { body: {} }),
      row('GET', 'GET /api/spot/{slug} (draft)', () => `/api/spot/${spot.slug}`, [404, 404, 200]),
      row('POST', 'POST /api/spot/{walkthroughSlug}', () => `/api/spot/${walkthrough.slug}`, [401, 403, 201], {
        body: {},
      }),
      row('PATCH', 'PATCH /api/spot/{slug}', () => `/api/spot/${spot.slug}`, [401, 403, 200], {
        body: { caption: 'Hi' },
      }),
      row(
        'POST',
        'POST /api/video/walkthrough/{slug}',
        () => `/api/video/walkthrough/${walkthrough.slug}`,
        [401, 403, 201],
        { body: {} },
      ),
      row('POST', 'POST /api/video/blank', () => '/api/video/blank', [401, 201, 201], { body: {} }),
      row('GET', 'GET /api/video/{id} (not ready)', () => `/api/video/${video.id}`, [404, 404, 200]),
      row('POST', 'POST /api/video/{id}/update', () => `/api/video/${video.id}/update`, [401, 403, 200], {
        body: { title: 'x' },
      }),
      row('POST', 'POST /api/video/{id}/retry (not errored)', () => `/api/video/${video.id}/retry`, [401, 403, 422], {
        body: {},
      }),
      row('GET', 'GET /api/video-lists/{id}/videos', () => `/api/video-lists/${list.id}/videos`, [200, 200, 200]),
      row('GET', 'GET /api/video-lists/{id}/lists', () => `/api/video-lists/${list.id}/lists`, [200, 200, 200]),
      row('PATCH', 'PATCH /api/video-lists/{id}', () => `/api/video-lists/${list.id}`, [401, 403, 200], {
        body: { name: 'Renamed' },
      }),
      row('POST', 'POST /api/video-lists', () => '/api/video-lists', [401, 201, 201], { body: { name: 'Mine' } }),
      row('GET', 'GET /api/feed', () => '/api/feed', [200, 200, 200]),
      row('POST', 'POST /api/video-uploads (tus create)', () => '/api/video-uploads', [401, 403, 201], {
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': '10',
          'Upload-Metadata': `videoSlug ${Buffer.from(video.slug).toString('base64')}`,
        },
      }),
      row('GET', 'GET /walkthroughs (page)', () => '/walkthroughs', [302, 200, 200], { headers: html }),
      row(
        'GET',
        'GET /walkthroughs/{slug}/edit (page)',
        () => `/walkthroughs/${walkthrough.slug}/edit`,
        [302, 403, 200],
        { headers: html },
      ),
      row('GET', 'GET /spots/{slug}/edit (page)', () => `/spots/${spot.slug}/edit`, [302, 403, 200], { headers: html }),
      row('GET', 'GET /feed (page)', () => '/feed', [200, 200, 200], { headers: html }),
      row('GET', 'GET /video-lists/{id} (page)', () => `/video-lists/${list.id}`, [200, 200, 200], { headers: html }),
      row(
        'GET',
        'GET /embed/walkthrough/{slug} (draft)',
        () => `/embed/walkthrough/${walkthrough.slug}`,
        [404, 404, 200],
        { headers: html },
      ),
    ]);
  });

  it('unknown and malformed ids are 404; messages say what is wrong', async () => {
    expect((await owner.get('/api/video/not-a-uuid')).status).toBe(404);
    expect((await owner.post('/api/video/00000000-0000-4000-8000-000000000000/update').send({})).status).toBe(404);
    expect((await owner.get('/api/walkthrough/nope')).status).toBe(404);
    expect((await owner.get('/api/video-lists/nope/videos')).status).toBe(404);
    const res = await other.post(`/api/video/${video.id}/update`).send({ title: 'mine now' });
    expect(res.body.message).toBe('You cannot change a video that is not yours.');
    const bad = await owner.post(`/api/video/${video.id}/update`).send({ trim_start: 5, trim_end: 2 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.trim_end).toEqual(['The end point must come after the start point.']);
  });

  it('another user cannot delete; the owner can (last, it removes the video)', async () => {
    const victim = (await owner.post('/api/video/blank').send({})).body.video;
    expect((await guest.delete(`/api/video/${victim.id}`)).status).toBe(401);
    const refused = await other.delete(`/api/video/${victim.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot delete a video that is not yours.');
    expect((await owner.delete(`/api/video/${victim.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/video/${victim.id}`)).status).toBe(404);
    expect((await other.delete(`/api/video-lists/${list.id}`)).status).toBe(403);
  });

  it('spots: a listing of someone else is refused, publishing needs a ready video, drafts of a published listing stay hidden', async () => {
    const property = await makeProperty(owner);
    const foreign = await makeProperty(other);
    const refused = await owner.patch(`/api/spot/${spot.slug}`).send({ listing_id: foreign.listing.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.listing_id).toEqual(['Choose one of your listings.']);
    const linked = await owner
      .patch(`/api/spot/${spot.slug}`)
      .send({ listing_id: property.listing.id, video_id: video.id });
    expect(linked.status).toBe(200);
    expect(linked.body.message).toBe('Spot Updated');
    expect(linked.body.spot.listing).toMatchObject({
      id: property.listing.id,
      name: 'Sunny Loft',
      price: '450000.50',
      url: `/listing/${property.listing.id}`,
    });
    const publish = await owner.patch(`/api/spot/${spot.slug}`).send({ published: true });
    expect(publish.status).toBe(422);
    expect(publish.body.errors.published).toEqual(['A spot can be published once its video is ready.']);
    expect((await other.patch(`/api/spot/${spot.slug}`).send({ video_id: video.id })).status).toBe(403);
    const otherVideo = (await other.post('/api/video/blank').send({})).body.video;
    const stolen = await owner.patch(`/api/spot/${spot.slug}`).send({ video_id: otherVideo.id });
    expect(stolen.status).toBe(422);
    // The listing shows its spot (spec 3: spot with video.playback_id, null until ready).
    const listing = await owner.get(`/api/listings/${property.listing.id}`);
    if (listing.status === 200) expect(JSON.stringify(listing.body)).toContain(spot.slug);
  });
});
