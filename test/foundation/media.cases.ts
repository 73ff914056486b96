import sharp from 'sharp';
import { StorageService } from '../../src/modules/storage/storage.service';
import { bootTestApp, TestApp } from '../support/app';

describe('/media serving', () => {
  let t: TestApp;
  let storage: StorageService;
  beforeAll(async () => {
    t = await bootTestApp();
    storage = t.app.get(StorageService);
  });
  afterAll(() => t.close());

  it('serves a public file with its type, length and immutable caching', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const stored = await storage.storeUpload('avatars/someone', png, {
      field: 'avatar',
      kinds: ['image'],
      maxBytes: 1e6,
    });
    const c = await t.client();
    const res = await c.get(stored.url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe(png.length);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(Buffer.compare(res.body as Buffer, png)).toBe(0);
  });

  it('answers byte ranges with 206 and Content-Range, and 416 past the end', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
    const jpegish = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), bytes]);
    const stored = await storage.put('avatars/ranges/clip.jpg', jpegish, 'image/jpeg');
    const c = await t.client();
    const part = await c.get(stored.url).set('Range', 'bytes=10-19').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${jpegish.length}`);
    expect([...(part.body as Buffer)]).toEqual([...jpegish.subarray(10, 20)]);
    const beyond = await c.get(stored.url).set('Range', `bytes=${jpegish.length + 10}-`);
    expect(beyond.status).toBe(416);
  });

  it('refuses areas without an access rule and answers 404 for missing files', async () => {
    await storage.put('secret-area/x/file.png', Buffer.from('x'), 'image/png');
    const c = await t.client();
    expect((await c.get('/media/secret-area/x/file.png').set('Accept', 'application/json')).status).toBe(403);
    expect((await c.get('/media/avatars/nobody/missing.png').set('Accept', 'application/json')).status).toBe(404);
    expect((await c.get('/media/avatars/../../etc/passwd').set('Accept', 'application/json')).status).toBe(404);
  });
});
