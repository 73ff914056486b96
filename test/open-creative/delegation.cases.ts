import { Clock } from '../../src/common/clock';
import { DelegationService, OpenCreativeService, covers } from '../../src/modules/open-creative';
import { bootTestApp, type TestApp } from '../support/app';
import { makeProperty } from '../properties/helpers';
import { delegationWorld, grant, listManager, type DelegationWorld } from './support';

jest.setTimeout(180_000);

const REFUSED = 'You cannot change a spot that is not yours.';

describe('open-creative: delegated actions', () => {
  let t: TestApp;
  let w: DelegationWorld;
  let clock: Clock;

  beforeAll(async () => {
    t = await bootTestApp();
    w = await delegationWorld(t);
    clock = t.app.get(Clock);
  });
  afterAll(() => t?.close());
  afterEach(() => clock.reset());

  const activity = async (grantId: string) =>
    (await t.db.query(
      `SELECT scope, resource_type, resource_id, summary FROM creative_activity WHERE grant_id = $1 ORDER BY id`,
      [grantId],
    )) as Array<{ scope: string; resource_type: string; resource_id: string; summary: string }>;

  it('the manager edits the realtor’s spot: saved, logged, the realtor told live and shown the log', async () => {
    const res = await w.manager.client
      .patch(`/api/spot/${w.spot.slug}`)
      .send({ title: 'Deck at dusk', caption: 'Sunset' });
    expect(res.status).toBe(200);
    expect(res.body.spot).toMatchObject({ title: 'Deck at dusk', caption: 'Sunset' });
    const [row] = await t.db.query(`SELECT user_id, caption FROM spots WHERE slug = $1`, [w.spot.slug]);
    expect(row).toEqual({ user_id: w.owner.user.id, caption: 'Sunset' });
    expect((await activity(w.grantId)).at(-1)).toEqual({
      scope: 'spots:edit',
      resource_type: 'spot',
      resource_id: w.spot.slug,
      summary: 'Changed title, caption of the spot "Deck at dusk"',
    });
    const [note] = await t.db.query(
      `SELECT title, body, url FROM notifications WHERE user_id = $1 AND data->>'resource_id' = $2 ORDER BY created_at DESC LIMIT 1`,
      [w.owner.user.id, w.spot.slug],
    );
    expect(note).toEqual({
      title: 'Your creative manager made a change',
      body: 'Changed title, caption of the spot "Deck at dusk"',
      url: '/open-creative/managers',
    });
    const log = await w.owner.client.get('/api/open-creative/activity');
    expect(log.body.data[0]).toMatchObject({ resource_id: w.spot.slug, manager: { id: w.manager.user.id } });
    const page = await w.owner.client.visit('/open-creative/managers');
    expect(page.body.props.activity.data[0].summary).toContain('Deck at dusk');
    // The manager's own view of the log, and nothing of it for a stranger.
    expect((await w.manager.client.get('/api/open-creative/activity?side=received')).body.total).toBeGreaterThan(0);
    expect((await w.stranger.client.get('/api/open-creative/activity')).body.total).toBe(0);
  });

  it('is refused with a message once revoked, on the manager’s very next request', async () => {
    const m = await listManager(t);
    const grantId = await grant(t, w.owner.user, m, ['spots:edit']);
    expect((await m.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'One' })).status).toBe(200);
    const revoked = await w.owner.client.post(`/api/open-creative/grants/${grantId}/revoke`);
    expect(revoked.body.grant.status).toBe('revoked');
    const res = await m.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'Two' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: REFUSED });
    expect((await w.owner.client.post(`/api/open-creative/grants/${grantId}/revoke`)).status).toBe(422);
  });

  it('is refused after the expiry (time from the Clock), and before the manager accepts', async () => {
    const m = await listManager(t);
    const expires = new Date(clock.nowMs() + 60 * 60_000).toISOString();
    await grant(t, w.owner.user, m, ['spots:edit'], { expires_at: expires });
    expect((await m.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'Before' })).status).toBe(200);
    clock.advance(61 * 60_000);
    const late = await m.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'After' });
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 403, message: REFUSED });
    const given = await w.owner.client.get('/api/open-creative/grants');
    expect(given.body.data.find((g: { manager: { id: string } }) => g.manager.id === m.user.id).status).toBe('expired');
    const pending = await listManager(t);
    await grant(t, w.owner.user, pending, ['spots:edit'], { pending: true });
    expect((await pending.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'x' })).status).toBe(403);
  });

  it('honours the scope and the listings of a grant; a manager cannot move work to another listing', async () => {
    const reader = await listManager(t);
    await grant(t, w.owner.user, reader, ['spots:read'], { listing_ids: [w.listingId] });
    expect((await reader.client.get(`/api/spot/${w.spot.slug}`)).status).toBe(200);
    expect((await reader.client.get(`/api/spot/${w.otherSpot.slug}`)).status).toBe(404);
    expect((await reader.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'x' })).status).toBe(403);
    const moved = await w.manager.client.patch(`/api/spot/${w.spot.slug}`).send({ listing_id: w.otherListingId });
    expect({ status: moved.status, message: moved.body.message }).toEqual({
      status: 403,
      message: 'A creative manager cannot move a spot to another listing.',
    });
    expect((await reader.client.get(`/api/designs/${w.designId}`)).status).toBe(403);
  });

  it('the activity log is append-only', async () => {
    await expect(t.db.query(`UPDATE creative_activity SET summary = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM creative_activity`)).rejects.toThrow(/append-only/);
  });

  it('grant rules: 422 on bad input, one open grant per pair, the realtor told on accept', async () => {
    const svc = t.app.get(OpenCreativeService);
    const m = await listManager(t);
    const post = (body: object) => w.owner.client.post('/api/open-creative/grants').send(body);
    const field = async (body: object) => {
      const res = await post(body);
      return [res.status, Object.keys(res.body.errors ?? {})];
    };
    expect(await field({ manager_id: m.listingId, scopes: ['spots:own'] })).toEqual([422, ['scopes']]);
    expect(await field({ manager_id: m.listingId, scopes: [] })).toEqual([422, ['scopes']]);
    expect(await field({ manager_id: 'nope', scopes: ['spots:read'] })).toEqual([422, ['manager_id']]);
    expect(await field({ manager_id: w.idle.user.id, scopes: ['spots:read'] })).toEqual([422, ['manager_id']]);
    const past = new Date(clock.nowMs() - 1000).toISOString();
    expect(await field({ manager_id: m.listingId, scopes: ['spots:read'], expires_at: past })).toEqual([
      422,
      ['expires_at'],
    ]);
    const theirs = (await makeProperty(w.stranger.client, { name: 'Not yours' })).listing.id;
    expect(await field({ manager_id: m.listingId, scopes: ['spots:read'], listing_ids: [theirs] })).toEqual([
      422,
      ['listing_ids'],
    ]);
    const own = await svc.saveProfile(w.owner.user, { headline: 'Me', skills: ['design'] });
    expect(await field({ manager_id: own.id, scopes: ['spots:read'] })).toEqual([422, ['manager_id']]);
    const first = await post({ manager_id: m.listingId, scopes: ['spots:read'], listing_ids: [w.listingId] });
    expect(first.status).toBe(201);
    expect(first.body.grant).toMatchObject({
      status: 'pending',
      listing_ids: [w.listingId],
      manager: { id: m.user.id },
    });
    expect(await field({ manager_id: m.listingId, scopes: ['spots:read'] })).toEqual([422, ['manager_id']]);
    const accepted = await m.client.post(`/api/open-creative/grants/${first.body.grant.id}/accept`);
    expect(accepted.body.grant.status).toBe('active');
    expect((await m.client.post(`/api/open-creative/grants/${first.body.grant.id}/accept`)).status).toBe(422);
    const [note] = await t.db.query(`SELECT title FROM notifications WHERE user_id = $1 AND data->>'grant_id' = $2`, [
      w.owner.user.id,
      first.body.grant.id,
    ]);
    expect(note.title).toBe(`${m.user.name} accepted your delegation`);
  });

  it('limits invitations per realtor', async () => {
    const someone = await t.signedIn({ type: 'realtor' });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (
          await someone.client
            .post('/api/open-creative/grants')
            .send({ manager_id: w.manager.listingId, scopes: ['spots:read'] })
        ).status,
      );
    expect(codes.slice(0, 2)).toEqual([201, 422]);
    expect(codes.at(-1)).toBe(429);
  });

  it('service tier: can() follows the grant row, an edit scope includes its read', async () => {
    const delegation = t.app.get(DelegationService);
    const { owner, manager, listingId } = w;
    expect(await delegation.can(manager.user.id, owner.user.id, 'spots:read', listingId)).toBe(true);
    expect(await delegation.can(manager.user.id, owner.user.id, 'designs:edit')).toBe(false);
    expect(await delegation.can(w.idle.user.id, owner.user.id, 'spots:read', listingId)).toBe(false);
    expect(await delegation.can(owner.user.id, manager.user.id, 'spots:read', listingId)).toBe(false);
    await expect(
      delegation.act(w.idle.user.id, owner.user.id, 'spots:edit', { type: 'spot', id: 's', summary: 'x' }),
    ).rejects.toMatchObject({ status: 403 });
    const now = new Date('2026-01-01T00:00:00Z');
    const g = {
      status: 'active' as const,
      scopes: ['spots:edit' as const],
      listing_ids: ['a'],
      expires_at: new Date('2026-01-02T00:00:00Z'),
    };
    expect(covers(g, 'spots:read', 'a', now)).toBe(true);
    expect(covers(g, 'spots:read', 'b', now)).toBe(false);
    expect(covers(g, 'spots:read', null, now)).toBe(false);
    expect(covers(g, 'walkthroughs:read', 'a', now)).toBe(false);
    expect(covers(g, 'spots:edit', 'a', g.expires_at)).toBe(false);
    expect(covers({ ...g, status: 'pending' as never }, 'spots:edit', 'a', now)).toBe(false);
    expect(covers({ ...g, listing_ids: null }, 'spots:edit', null, now)).toBe(true);
  });
});
