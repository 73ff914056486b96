import { MediaAccessRegistry } from '../../src/modules/storage/media-access.registry';
import { StorageService } from '../../src/modules/storage/storage.service';
import { bootTestApp, TestApp } from '../support/app';

/** /media as a CDN origin: validators, 304, single byte ranges, 416, public vs private caching. */
describe('/media caching and ranges', () => {
  let t: TestApp;
  let storage: StorageService;
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5000, 7)]);
  let url: string;

  beforeAll(async () => {
    t = await bootTestApp();
    storage = t.app.get(StorageService);
    // A private area: only its owner ("owner-" + user id in the key) may read; guests never.
    t.app.get(MediaAccessRegistry).register('perf-private/', (key, user) => !!user && key.includes(user.id));
    url = (await storage.put('avatars/perf/segment.jpg', bytes, 'image/jpeg')).url;
  });
  afterAll(() => t.close());

  it('sends a strong ETag, Last-Modified, Accept-Ranges and a year of immutable public caching', async () => {
    const res = await (await t.client()).get(url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeDefined();
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
  });

  it('answers 304 with no body to If-None-Match (also in a list, also weak) and If-Modified-Since', async () => {
    const c = await t.client();
    const first = await c.get(url);
    const etag = first.headers.etag as string;
    const hit = await c.get(url).set('If-None-Match', etag).buffer(true);
    expect(hit.status).toBe(304);
    expect(hit.headers.etag).toBe(etag);
    expect(hit.headers['cache-control']).toMatch(/immutable/);
    expect((hit.body as Buffer).length ?? 0).toBe(0);
    expect((await c.get(url).set('If-None-Match', `"other", W/${etag}`)).status).toBe(304);
    expect((await c.get(url).set('If-None-Match', '"other"')).status).toBe(200);
    expect((await c.get(url).set('If-Modified-Since', first.headers['last-modified'] as string)).status).toBe(304);
    expect((await c.get(url).set('If-Modified-Since', 'Thu, 01 Jan 2015 00:00:00 GMT')).status).toBe(200);
  });

  it('serves one byte range with 206, the suffix form too, and 416 with the size when unsatisfiable', async () => {
    const c = await t.client();
    const part = await c.get(url).set('Range', 'bytes=100-199').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(100, 200))).toBe(0);

    const tail = await c.get(url).set('Range', 'bytes=-10').buffer(true);
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);

    const beyond = await c.get(url).set('Range', `bytes=${bytes.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // Several ranges may be ignored: the whole file.
    expect((await c.get(url).set('Range', 'bytes=0-1,5-6')).status).toBe(200);
  });

  it('honours If-Range: the range only while the validator is current', async () => {
    const c = await t.client();
    const etag = (await c.get(url)).headers.etag as string;
    expect((await c.get(url).set('Range', 'bytes=0-9').set('If-Range', etag)).status).toBe(206);
    const stale = await c.get(url).set('Range', 'bytes=0-9').set('If-Range', '"stale"');
    expect(stale.status).toBe(200);
    expect(Number(stale.headers['content-length'])).toBe(bytes.length);
  });

  it('keeps files guests may not read out of shared caches, with the same validators', async () => {
    const { client: c, user: owner } = await t.signedIn();
    const key = `perf-private/owner-${owner.id}/clip.jpg`;
    await storage.put(key, bytes, 'image/jpeg');
    const res = await c.get(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await c.get(`/media/${key}`).set('If-None-Match', res.headers.etag as string)).status).toBe(304);
    expect((await (await t.client()).get(`/media/${key}`).set('Accept', 'application/json')).status).toBe(403);
  });

  it('lets caches keep playlists but revalidate them (renditions are added after the first)', async () => {
    const playlist = Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n');
    const stored = await storage.put('avatars/perf/master.m3u8', playlist, 'application/vnd.apple.mpegurl');
    const res = await (await t.client()).get(stored.url);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toBeDefined();
  });
});

describe('/media with a front proxy (MEDIA_ACCEL_REDIRECT_PREFIX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ MEDIA_ACCEL_REDIRECT_PREFIX: '/_media/' });
  });
  afterAll(() => t.close());

  it('checks access, then hands the bytes to the proxy with the caching headers', async () => {
    const stored = await t.app.get(StorageService).put('avatars/perf/offload.jpg', Buffer.from([0xff, 0xd8, 0xff, 1]), 'image/jpeg');
    const c = await t.client();
    const res = await c.get(stored.url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe('/_media/avatars/perf/offload.jpg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((res.body as Buffer).length ?? 0).toBe(0);
    await t.app.get(StorageService).put('nobody-area/x/offload.jpg', Buffer.from('x'), 'image/jpeg');
    const refused = await c.get('/media/nobody-area/x/offload.jpg').set('Accept', 'application/json');
    expect(refused.status).toBe(403);
    expect(refused.headers['x-accel-redirect']).toBeUndefined();
  });
});
