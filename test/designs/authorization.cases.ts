import { QUEUES } from '../../src/modules/jobs';
import Pusher from 'pusher-js';
import { CreditsService } from '../../src/modules/credits/credits.service';
import type { TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, type AuthorizationRow } from '../support/authorization';
import { bootDesignApp, pusherFor, roomPhoto, subscribe, waitForStatus } from './support';

/** Every route the designer adds, with what a guest, another user and the owner get. */
describe('designer authorization', () => {
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;
  let guest: TestClient;
  let admin: TestClient;
  let designId: string;
  let generatedId: string;
  let dreamId: string;
  let promptId: string;
  let shareUrl: string;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootDesignApp();
    const o = await t.signedIn();
    owner = o.client;
    await t.app.get(CreditsService).grant(o.user.id, 3, 'test');
    other = (await t.signedIn()).client;
    admin = (await t.signedIn({ role: 'admin' })).client;
    guest = await t.client();
    const res = await owner.post('/api/designs/generate').attach('image', await roomPhoto(400, 300), 'room.jpg');
    designId = res.body.design.id;
    await waitForStatus(t.db, designId, ['completed']);
    generatedId = (await t.db.query(`SELECT id FROM generated_designs WHERE design_id = $1`, [designId]))[0].id;
    dreamId = (await owner.post('/api/dreams').send({ design_id: designId, title: 'Dream' })).body.data.dream.id;
    promptId = (await owner.post('/api/designs/prompts').send({ name: 'P', prompt: 'p' })).body.prompt.id;
    shareUrl = (await owner.post(`/api/designs/${designId}/share`)).body.share_url;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t?.close();
  });

  const calls = (): Array<[string, string, unknown, number, number, number]> => [
    // method, path, body, guest, other user, owner
    ['GET', `/api/designs/${designId}`, undefined, 401, 403, 200],
    ['GET', `/api/designs`, undefined, 401, 200, 200],
    ['POST', `/api/designs/regenerate`, { generatedDesignId: generatedId }, 401, 403, 201],
    ['POST', `/api/designs/${designId}/favorite`, {}, 401, 403, 200],
    // A bad body is the owner's 422 only: anyone else is refused before the body is read.
    ['POST', `/api/designs/${designId}/favorite`, { favorite: 'very' }, 401, 403, 422],
    ['PUT', `/api/designs/${designId}/edit-state/front`, { selectedBrands: [5] }, 401, 403, 422],
    ['GET', `/api/designs/${designId}/edit-state`, undefined, 401, 403, 200],
    ['PUT', `/api/designs/${designId}/edit-state/front`, { selectedBrands: ['IKEA'] }, 401, 403, 200],
    ['POST', `/api/designs/${designId}/edit-sessions/back`, undefined, 401, 403, 201],
    ['GET', `/api/designs/${designId}/chat`, undefined, 401, 403, 200],
    ['POST', `/api/designs/${designId}/chat`, { message: 'What colour for the walls?' }, 401, 403, 201],
    ['GET', `/api/dream/${dreamId}`, undefined, 401, 403, 200],
    ['GET', `/api/dreams`, undefined, 401, 200, 200],
    ['DELETE', `/api/designs/prompts/${promptId}`, undefined, 401, 403, 200],
    ['GET', `/designer/${designId}`, undefined, 302, 403, 200],
    ['GET', `/designer/${designId}/edit`, undefined, 302, 403, 200],
    ['GET', `/designer/${designId}/chat`, undefined, 302, 403, 200],
    ['GET', `/designer/${designId}/share`, undefined, 302, 403, 200],
    ['GET', `/dreams/${dreamId}`, undefined, 302, 403, 200],
    ['GET', `/designer`, undefined, 302, 200, 200],
    ['GET', `/designer/gallery`, undefined, 302, 200, 200],
    ['GET', `/credits`, undefined, 302, 200, 200],
    ['GET', `/user/llm-usage`, undefined, 302, 200, 200],
    ['GET', `/admin/queue-monitor`, undefined, 302, 403, 403],
    ['GET', `/admin/credits`, undefined, 302, 403, 403],
    ['POST', `/api/admin/credits/grant`, { user: 'x@example.test', amount: 1, reason: 'r' }, 401, 403, 403],
    ['GET', `/api/admin/queues`, undefined, 401, 403, 403],
    ['POST', `/api/admin/queues/designs/pause`, undefined, 401, 403, 403],
    ['POST', `/api/admin/queues/designs/resume`, undefined, 401, 403, 403],
    ['POST', `/api/admin/queues/designs/failed/retry`, undefined, 401, 403, 403],
    ['DELETE', `/api/admin/queues/designs/failed`, undefined, 401, 403, 403],
  ];

  it('answers each route as the table says', async () => {
    await expectAuthorizationTable(
      { guest, other, owner },
      calls().map(([method, path, body, g, o, own]) => ({
        method: method as AuthorizationRow<string>['method'],
        path,
        body: body as object | undefined,
        inertia: !path.startsWith('/api/'),
        expect: { guest: g, other: o, owner: own },
      })),
    );
  });

  it('lets admins into the queue monitor and credits pages', async () => {
    expect((await admin.visit('/admin/queue-monitor')).status).toBe(200);
    const api = await admin.get('/api/admin/queues?queue=designs&state=completed');
    expect(api.body).toMatchObject({ mode: 'bullmq', queue: 'designs', state: 'completed' });
    expect(api.body.queues.map((q: any) => q.name)).toEqual([...QUEUES]);
    expect(api.body.jobs.data.length).toBeGreaterThan(0);
    expect(api.body.jobs.data[0]).toMatchObject({
      queue: 'designs',
      name: 'generate',
      state: 'completed',
      progress: 100,
    });
    expect((await admin.visit('/admin/credits')).status).toBe(200);
  });

  it('refuses another user the design channel and lets the owner in', async () => {
    const theirs = pusherFor(t, other, sockets);
    await expect(subscribe(theirs, `private-design.${designId}`)).rejects.toThrow(/subscription refused/);
    const refused = await other
      .post('/broadcasting/auth')
      .send({ socket_id: '1.2', channel_name: `private-design.${designId}` });
    expect(refused.status).toBe(403);
    const mine = pusherFor(t, owner, sockets);
    await expect(subscribe(mine, `private-design.${designId}`)).resolves.toBeDefined();
    expect(
      (await owner.post('/broadcasting/auth').send({ socket_id: '1.2', channel_name: 'private-design.not-a-uuid' }))
        .status,
    ).toBe(403);
  });

  it('serves the files to the owner only until shared; the shared page is public with Open Graph tags', async () => {
    const { body } = await owner.get(`/api/designs/${designId}`);
    const image = body.design.image as string;
    expect((await owner.get(image)).status).toBe(200);
    const token = shareUrl.split('/').pop()!;
    const page = await guest.get(`/shared/designs/${token}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta property="og:title" content="A room designed with Reelty" />');
    expect(page.text).toContain(`<meta property="og:image" content="${t.config.appUrl}${image}" />`);
    expect(page.text).not.toContain(body.design.prompt ?? 'no-prompt-here');
    expect((await guest.get(image)).status).toBe(200);
    await owner.delete(`/api/designs/${designId}/share`);
    expect((await guest.get(image)).status).toBe(403);
    expect((await other.get(image)).status).toBe(403);
    expect((await guest.get(`/shared/designs/${token}`).set('Accept', 'text/html')).status).toBe(404);
  });
});
