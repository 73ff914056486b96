import { CreditsService } from '../../src/modules/credits/credits.service';
import type { TestApp, TestClient } from '../support/app';
import { bootDesignApp, roomPhoto, waitForStatus } from './support';

/** Gallery, favorites, dreams (spec 7 shapes), design chat with usage, edit state per side, usage and credit pages. */
describe('designer extras', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await bootDesignApp();
    const s = await t.signedIn();
    client = s.client;
    userId = s.user.id;
    await t.app.get(CreditsService).grant(userId, 3, 'test');
    for (const theme of ['Modern', 'Japandi', 'Luxury']) {
      const res = await client
        .post('/api/designs/generate')
        .attach('image', await roomPhoto(480, 360), 'room.jpg')
        .field('options[theme]', theme)
        .field('options[roomType]', 'Kitchen');
      ids.push(res.body.design.id);
    }
    for (const id of ids) await waitForStatus(t.db, id, ['completed']);
  });
  afterAll(() => t?.close());

  it('pages the gallery newest first and filters favorites', async () => {
    const page1 = await client.get('/api/designs?per_page=2');
    expect(page1.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(page1.body.data.map((d: any) => d.id)).toEqual([ids[2], ids[1]]);
    const fav = await client.post(`/api/designs/${ids[0]}/favorite`).send({ favorite: true });
    expect(fav.body).toMatchObject({ message: 'Added to favorites', design: { favorite: true } });
    const favorites = await client.get('/api/designs?favorites=1');
    expect(favorites.body.data.map((d: any) => d.id)).toEqual([ids[0]]);
    const toggled = await client.post(`/api/designs/${ids[0]}/favorite`).send({});
    expect(toggled.body.design.favorite).toBe(false);
    const page = await client.visit('/designer/gallery?favorites=1');
    expect(page.body.component).toBe('Designer/Gallery');
  });

  it('saves dreams and answers GET /api/dreams (data.dreams) and GET /api/dream/{id} (data.dream)', async () => {
    const saved = await client
      .post('/api/dreams')
      .send({ design_id: ids[1], title: 'Japandi kitchen', note: 'For the lake house' });
    expect(saved.status).toBe(201);
    const id = saved.body.data.dream.id;
    const list = await client.get('/api/dreams');
    expect(list.body.data).toMatchObject({
      current_page: 1,
      total: 1,
      dreams: [
        { id, title: 'Japandi kitchen', design_id: ids[1], image: expect.stringMatching(/^\/media\/designs\//) },
      ],
    });
    const one = await client.get(`/api/dream/${id}`);
    expect(one.body.data.dream).toMatchObject({
      id,
      note: 'For the lake house',
      design: { id: ids[1], status: 'completed' },
    });
    expect((await client.get('/api/dream/not-a-uuid')).status).toBe(404);
    expect((await client.visit(`/dreams/${id}`)).body.component).toBe('Dream/Show');
  });

  it('chats about a design through the offline assistant and records LLM usage', async () => {
    const res = await client.post(`/api/designs/${ids[2]}/chat`).send({ message: 'What colour should the walls be?' });
    expect(res.status).toBe(201);
    expect(res.body.reply).toMatchObject({ role: 'assistant', content: expect.stringMatching(/walls/) });
    const history = await client.get(`/api/designs/${ids[2]}/chat`);
    expect(history.body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(history.body.assistant).toMatchObject({ name: 'local', label: 'Local design assistant' });
    expect((await client.post(`/api/designs/${ids[2]}/chat`).send({ message: '' })).status).toBe(422);
    const usage = await client.get('/api/usage');
    expect(usage.body.totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'local', kind: 'llm', calls: 1, unit: 'token' }),
        expect.objectContaining({ provider: 'local', kind: 'image', calls: 3, unit: 'image' }),
      ]),
    );
    expect((await client.visit('/user/llm-usage')).body.props.usage.total).toBe(4);
  });

  it('keeps edit state per side, strips scripts from the HTML and counts edits in the open session', async () => {
    const session = await client.post(`/api/designs/${ids[0]}/edit-sessions/front`);
    expect(session.status).toBe(201);
    const saved = await client.put(`/api/designs/${ids[0]}/edit-state/front`).send({
      editHistory: [{ at: '2026-11-23T10:00:00Z', action: 'save', detail: 'headline' }],
      selectedBrands: ['IKEA', 'IKEA', 'Muji'],
      currentDesignHtml: '<h2 onclick="x()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    expect(saved.body.state).toMatchObject({
      side: 'front',
      selectedBrands: ['IKEA', 'Muji'],
      currentDesignHtml: '<h2>Hi</h2><a>x</a>',
    });
    const state = await client.get(`/api/designs/${ids[0]}/edit-state`);
    expect(state.body.front.editHistory).toHaveLength(1);
    expect(state.body.back).toMatchObject({ editHistory: [], selectedBrands: [], currentDesignHtml: '' });
    expect(state.body.front.sessions[0]).toMatchObject({ id: session.body.session.id, edits: 1, ended_at: null });
    const ended = await client.post(`/api/designs/${ids[0]}/edit-sessions/${session.body.session.id}/end`);
    expect(ended.body.session.ended_at).not.toBeNull();
    expect((await client.put(`/api/designs/${ids[0]}/edit-state/middle`).send({})).status).toBe(400);
  });

  it('shows the Credits page with balance and history, and the balance endpoint reads the ledger', async () => {
    const page = await client.visit('/credits');
    expect(page.body.component).toBe('Credits');
    expect(page.body.props.credits).toBe(0);
    expect(page.body.props.history.data.map((r: any) => r.kind)).toEqual(['spend', 'spend', 'spend', 'grant']);
    expect((await client.get('/api/user/credits/image')).body).toEqual({ credits: 0 });
  });

  it('lets an admin grant credits (Admin Credits) with validation', async () => {
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const [{ email }] = await t.db.query(`SELECT email FROM users WHERE id = $1`, [userId]);
    const bad = await admin.post('/api/admin/credits/grant').send({ user: email, amount: 0, reason: '' });
    expect(bad.status).toBe(422);
    const ok = await admin
      .post('/api/admin/credits/grant')
      .send({ user: email.toUpperCase(), amount: 4, reason: 'Support goodwill' });
    expect(ok.body).toMatchObject({ message: `Granted 4 credits to ${email}.`, credits: 4 });
    expect((await client.get('/api/user/credits/image')).body).toEqual({ credits: 4 });
    const page = await admin.visit(`/admin/credits?q=${encodeURIComponent(email)}`);
    expect(page.body.props.users).toEqual([expect.objectContaining({ email, credits: 4 })]);
    expect(page.body.props.recent[0]).toMatchObject({
      kind: 'grant',
      amount: 4,
      reason: expect.stringMatching(/^Support goodwill \(granted by /),
    });
    expect(
      (await admin.post('/api/admin/credits/grant').send({ user: 'nobody@example.test', amount: 1, reason: 'x' }))
        .status,
    ).toBe(404);
  });

  it('deletes a design with its files', async () => {
    const { body } = await client.get(`/api/designs/${ids[2]}`);
    expect((await client.delete(`/api/designs/${ids[2]}`)).status).toBe(200);
    expect((await client.get(`/api/designs/${ids[2]}`)).status).toBe(404);
    expect((await client.get(body.design.image)).status).toBe(404);
  });
});
