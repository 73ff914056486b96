import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { delegationWorld, grant, listManager, type DelegationWorld } from './support';

jest.setTimeout(180_000);

/**
 * A delegated change and its activity row commit as one: when the log insert fails the change is rolled back,
 * and a change that fails leaves no log line. designs:edit is what lets a manager change a design.
 */
describe('open-creative: delegated edits are atomic and scoped', () => {
  let t: TestApp;
  let w: DelegationWorld;

  beforeAll(async () => {
    t = await bootTestApp();
    w = await delegationWorld(t);
  });
  afterAll(() => t?.close());

  const logCount = async (grantId: string) =>
    Number((await t.db.query(`SELECT count(*) AS n FROM creative_activity WHERE grant_id = $1`, [grantId]))[0].n);

  /** Makes every activity insert whose summary mentions `word` fail in the database, for the length of `work`. */
  async function withFailingLog(word: string, work: () => Promise<void>): Promise<void> {
    await t.db.query(
      `ALTER TABLE creative_activity ADD CONSTRAINT test_failing_log CHECK (summary NOT LIKE '%${word}%') NOT VALID`,
    );
    try {
      await work();
    } finally {
      await t.db.query(`ALTER TABLE creative_activity DROP CONSTRAINT test_failing_log`);
    }
  }

  it('a spot edit whose log insert fails is rolled back; the same edit then commits with its log line', async () => {
    const before = await logCount(w.grantId);
    await withFailingLog('Doomed', async () => {
      const res = await w.manager.client.patch(`/api/spot/${w.spot.slug}`).send({ title: 'Doomed', caption: 'Gone' });
      expect(res.status).toBe(500);
    });
    const [row] = await t.db.query(`SELECT title, caption FROM spots WHERE slug = $1`, [w.spot.slug]);
    expect(row.title).not.toBe('Doomed');
    expect(row.caption).not.toBe('Gone');
    expect(await logCount(w.grantId)).toBe(before);
    const ok = await w.manager.client.patch(`/api/spot/${w.spot.slug}`).send({ title: 'Doomed', caption: 'Kept' });
    expect(ok.status).toBe(200);
    expect(await logCount(w.grantId)).toBe(before + 1);
  });

  it('a walkthrough edit whose log insert fails is rolled back; a failing edit leaves no log line', async () => {
    const before = await logCount(w.grantId);
    await withFailingLog('Doomed', async () => {
      const res = await w.manager.client.patch(`/api/walkthrough/${w.walkthrough.slug}`).send({ title: 'Doomed' });
      expect(res.status).toBe(500);
    });
    const [row] = await t.db.query(`SELECT title FROM walkthroughs WHERE slug = $1`, [w.walkthrough.slug]);
    expect(row.title).not.toBe('Doomed');
    expect(await logCount(w.grantId)).toBe(before);
    const bad = await w.manager.client
      .patch(`/api/walkthrough/${w.walkthrough.slug}`)
      .send({ title: 'Reordered', video_order: ['00000000-0000-4000-8000-000000000000'] });
    expect(bad.status).toBe(422);
    const [after] = await t.db.query(`SELECT title FROM walkthroughs WHERE slug = $1`, [w.walkthrough.slug]);
    expect(after.title).not.toBe('Reordered');
    expect(await logCount(w.grantId)).toBe(before);
  });

  it('designs:read alone is refused a design edit; designs:edit saves it with its log line; a revoke refuses at once', async () => {
    const put = (m: { client: TestClient }, brands: string[]) =>
      m.client.put(`/api/designs/${w.designId}/edit-state/front`).send({ selectedBrands: brands });
    const reader = await w.manager.client.put(`/api/designs/${w.designId}/edit-state/front`).send({
      selectedBrands: ['Reader'],
    });
    expect({ status: reader.status, message: reader.body.message }).toEqual({
      status: 403,
      message: 'This design belongs to someone else.',
    });
    expect((await w.manager.client.get(`/api/designs/${w.designId}/edit-state`)).status).toBe(403);

    const editor = await listManager(t, ['design'], 'Design editor');
    const grantId = await grant(t, w.owner.user, editor, ['designs:edit']);
    const saved = await put(editor, ['Editor']);
    expect(saved.status).toBe(200);
    expect(saved.body.state.selectedBrands).toEqual(['Editor']);
    const [log] = await t.db.query(
      `SELECT scope, resource_type, resource_id, summary FROM creative_activity WHERE grant_id = $1`,
      [grantId],
    );
    expect(log).toEqual({
      scope: 'designs:edit',
      resource_type: 'design',
      resource_id: w.designId,
      summary: 'Edited the front of the design',
    });
    expect((await editor.client.get(`/api/designs/${w.designId}/edit-state`)).status).toBe(200);
    expect((await editor.client.post(`/api/designs/${w.designId}/edit-sessions/back`)).status).toBe(201);
    expect((await editor.client.visit(`/designer/${w.designId}/edit`)).status).toBe(200);

    await withFailingLog('front', async () => {
      expect((await put(editor, ['Lost'])).status).toBe(500);
    });
    const [state] = await t.db.query(
      `SELECT selected_brands FROM design_edit_states WHERE design_id = $1 AND side = 'front'`,
      [w.designId],
    );
    expect(state.selected_brands).toEqual(['Editor']);

    expect((await w.owner.client.post(`/api/open-creative/grants/${grantId}/revoke`)).status).toBe(200);
    const refused = await put(editor, ['After revoke']);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'This design belongs to someone else.',
    });
    expect(await logCount(grantId)).toBe(1);
    // The owner still edits their own design, with no log line (nothing delegated).
    expect((await put(w.owner, ['Owner'])).status).toBe(200);
    expect((await put(w.stranger, ['Stranger'])).status).toBe(403);
  });

  it('the grant form’s listing picker: the realtor’s own listings, paged; a grant scoped to them; others refused', async () => {
    const first = await w.owner.client.get('/api/open-creative/listings?per_page=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    const second = await w.owner.client.get('/api/open-creative/listings?per_page=1&page=2');
    const ids = [...first.body.data, ...second.body.data].map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual([w.listingId, w.otherListingId].sort());
    expect(first.body.data[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect((await w.stranger.client.get('/api/open-creative/listings')).body.total).toBe(0);
    expect((await w.owner.client.get('/api/open-creative/listings?per_page=500')).status).toBe(422);

    const picked = await listManager(t, ['photo'], 'Listing photographer');
    const post = (listing_ids: unknown) =>
      w.owner.client
        .post('/api/open-creative/grants')
        .send({ manager_id: picked.listingId, scopes: ['spots:edit'], listing_ids });
    const foreign = await post([w.listingId, '00000000-0000-4000-8000-000000000000']);
    expect({ status: foreign.status, errors: Object.keys(foreign.body.errors ?? {}) }).toEqual({
      status: 422,
      errors: ['listing_ids'],
    });
    const scoped = await post([w.listingId]);
    expect(scoped.status).toBe(201);
    expect(scoped.body.grant.listing_ids).toEqual([w.listingId]);
    await picked.client.post(`/api/open-creative/grants/${scoped.body.grant.id}/accept`);
    expect((await picked.client.patch(`/api/spot/${w.spot.slug}`).send({ caption: 'In scope' })).status).toBe(200);
    expect((await picked.client.patch(`/api/spot/${w.otherSpot.slug}`).send({ caption: 'Out' })).status).toBe(403);
  });
});
