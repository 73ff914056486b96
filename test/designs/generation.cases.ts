import Pusher from 'pusher-js';
import sharp from 'sharp';
import { CreditsService } from '../../src/modules/credits/credits.service';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { StorageService } from '../../src/modules/storage/storage.service';
import type { TestApp, TestClient } from '../support/app';
import { bootDesignApp, pusherFor, recordDesign, roomPhoto, subscribe, waitForStatus } from './support';

const GENERATE = [
  'Initializing',
  'Processing the original image',
  'Generating the AI design',
  'Upscaling',
  'Finalizing',
];
const REGENERATE = ['Analyzing style', 'Generating design', 'Enhancing details', 'Finalizing'];

/** Expected progress events: each step in_progress then completed, the last completed with status completed. */
function expectedSequence(steps: string[]) {
  const out: Array<[string, string, string]> = [];
  steps.forEach((message, i) => {
    out.push([message, 'in_progress', 'processing']);
    out.push([message, 'completed', i === steps.length - 1 ? 'completed' : 'processing']);
  });
  return out;
}

describe('design generation on BullMQ with live progress (local engine)', () => {
  let t: TestApp;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootDesignApp();
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => t?.close());

  async function startPaused(client: TestClient, photo: Buffer, fields: Record<string, string> = {}) {
    const queue = t.app.get(JobsService).bullQueue('designs');
    await queue.pause();
    let req = client
      .post('/api/designs/generate')
      .attach('image', photo, { filename: 'room.jpg', contentType: 'image/jpeg' });
    for (const [k, v] of Object.entries({
      'options[roomType]': 'Living room',
      'options[theme]': 'Scandinavian',
      'options[colors]': 'Warm neutrals',
      prompt: 'cosy',
      image_width: '1024',
      image_height: '768',
      image_orientation: 'landscape',
      ...fields,
    })) {
      req = req.field(k, v);
    }
    const res = await req;
    return { res, resume: () => queue.resume() };
  }

  it('generates: every progress event in order on private-design.{id}, then generated; files stored; credit spent', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 3, 'test');
    const { res, resume } = await startPaused(client, await roomPhoto(1024, 768));
    expect(res.status).toBe(201);
    const design = res.body.design;
    expect(design).toMatchObject({
      status: 'pending',
      progress: 0,
      options: { roomType: 'Living room', theme: 'Scandinavian', colors: 'Warm neutrals' },
      prompt: 'cosy',
      image_width: 1024,
      image_height: 768,
      image_orientation: 'landscape',
      favorite: false,
      provider: 'local',
      original_image: expect.stringMatching(new RegExp(`^/media/designs/${user.id}/${design.id}/`)),
    });
    expect(design.progress_steps.map((s: any) => [s.message, s.status, s.completed])).toEqual(
      GENERATE.map((m) => [m, 'pending', false]),
    );

    const pusher = pusherFor(t, client, sockets);
    await subscribe(pusher, `private-design.${design.id}`);
    const recorder = recordDesign(pusher, design.id);
    await resume();
    const events = await recorder.done;

    const progress = events.filter((e) => e.event === 'design.progress').map((e) => e.data);
    const steps = progress.map((p) => [
      p.current_step,
      p.progress_steps.find((s: any) => s.message === p.current_step).status,
      p.status,
    ]);
    expect(steps).toEqual(expectedSequence(GENERATE));
    const values = progress.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values[values.length - 1]).toBe(100);
    for (const p of progress) {
      expect(p.design_id).toBe(design.id);
      expect(p.progress_steps).toHaveLength(5);
    }
    expect(events[events.length - 1].event).toBe('design.generated');
    const generated = events[events.length - 1].data;
    expect(generated.design).toMatchObject({ id: design.id, status: 'completed', progress: 100 });
    expect(generated.design.progress_steps.every((s: any) => s.completed && s.status === 'completed')).toBe(true);
    expect(generated.design.generatedDesigns).toHaveLength(1);

    // The files: the generated image at the working size and its 2x upscale.
    const shown = await client.get(`/api/designs/${design.id}`);
    const d = shown.body.design;
    expect(d.image).toMatch(/\.jpg$/);
    const img = await client.get(d.image).buffer(true);
    const hd = await client.get(d.high_res_image).buffer(true);
    expect(img.status).toBe(200);
    const m1 = await sharp(img.body).metadata();
    const m2 = await sharp(hd.body).metadata();
    expect([m1.width, m1.height]).toEqual([1024, 768]);
    expect([m2.width, m2.height]).toEqual([2048, 1536]);
    expect(await t.app.get(StorageService).stat(d.image.replace('/media/', ''))).not.toBeNull();

    // Deterministic: the stored image differs from the original (it was restyled).
    const original = await client.get(d.original_image).buffer(true);
    const a = await sharp(original.body).resize(32, 24).raw().toBuffer();
    const b = await sharp(img.body).resize(32, 24).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i] - b[i]);
    expect(diff / a.length).toBeGreaterThan(3);

    expect(await t.app.get(CreditsService).balance(user.id)).toBe(2);
    const usage = await t.db.query(`SELECT provider, model, kind, succeeded FROM usage_records WHERE user_id = $1`, [
      user.id,
    ]);
    expect(usage).toEqual([{ provider: 'local', model: 'reelty-local-restyle-v1', kind: 'image', succeeded: true }]);
  });

  it('regenerates with the four steps, from a generated design, with new options', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 2, 'test');
    const { res, resume } = await startPaused(client, await roomPhoto(800, 800));
    await resume();
    const first = await waitForStatus(t.db, res.body.design.id, ['completed']);
    expect(first.image_orientation).toBe('square');
    const [gen] = await t.db.query(`SELECT id FROM generated_designs WHERE design_id = $1`, [first.id]);

    const queue = t.app.get(JobsService).bullQueue('designs');
    await queue.pause();
    const again = await client
      .post('/api/designs/regenerate')
      .send({ generatedDesignId: gen.id, options: { theme: 'Industrial' }, withOptions: true });
    expect(again.status).toBe(201);
    expect(again.body.design.progress_steps.map((s: any) => s.message)).toEqual(REGENERATE);
    const pusher = pusherFor(t, client, sockets);
    await subscribe(pusher, `private-design.${first.id}`);
    const recorder = recordDesign(pusher, first.id);
    await queue.resume();
    const events = await recorder.done;
    const progress = events.filter((e) => e.event === 'design.progress').map((e) => e.data);
    expect(
      progress.map((p) => [
        p.current_step,
        p.progress_steps.find((s: any) => s.message === p.current_step).status,
        p.status,
      ]),
    ).toEqual(expectedSequence(REGENERATE));
    const generated = events[events.length - 1];
    expect(generated.event).toBe('design.generated');
    expect(generated.data.design.generatedDesigns).toHaveLength(2);
    expect(generated.data.design.generatedDesigns[1]).toMatchObject({
      kind: 'regenerate',
      status: 'completed',
      source_generated_design_id: gen.id,
      options: { theme: 'Industrial' },
    });
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(0);

    // A third run without credits is refused, and the design stays as it was.
    const refused = await client.post('/api/designs/regenerate').send({ generatedDesignId: gen.id });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/Not enough image credits/);
  });

  it('refuses a missing image, a non-image and a bad orientation with 422 on the image field', async () => {
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 5, 'test');
    const none = await client.post('/api/designs/generate').field('prompt', 'x');
    expect(none.status).toBe(422);
    expect(none.body.errors.image).toEqual(['Upload a photo of the room.']);
    const text = await client
      .post('/api/designs/generate')
      .attach('image', Buffer.from('not an image at all'), { filename: 'a.jpg', contentType: 'image/jpeg' });
    expect(text.status).toBe(422);
    expect(text.body.errors.image[0]).toMatch(/not accepted/);
    const badOrientation = await client
      .post('/api/designs/generate')
      .attach('image', await roomPhoto(100, 100), 'a.jpg')
      .field('image_orientation', 'diagonal');
    expect(badOrientation.status).toBe(422);
    expect(await t.app.get(CreditsService).balance(user.id)).toBe(5);
  });

  it('saves prompts ("Prompt saved successfully!") and validates them', async () => {
    const { client } = await t.signedIn();
    const saved = await client
      .post('/api/designs/prompts')
      .send({ name: 'Cosy', prompt: 'warm light, wool throws', options: { theme: 'Japandi' } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      message: 'Prompt saved successfully!',
      prompt: { name: 'Cosy', prompt: 'warm light, wool throws', options: { theme: 'Japandi' } },
    });
    const bad = await client.post('/api/designs/prompts').send({ name: '', prompt: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toBeDefined();
    const list = await client.get('/api/designs/prompts');
    expect(list.body.prompts).toHaveLength(1);
  });
});
