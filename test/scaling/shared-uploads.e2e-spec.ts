import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { bootTestApp, TEST_REDIS_URL, type TestApp, type TestClient } from '../support/app';
import { bootSecondNode, type SecondNode } from '../support/second-node';
import { startFakeS3, type FakeS3Handle } from '../support/fake-s3';
import { b64, cookieHeader, makeClip, tusRequest, waitFor, type RawResponse } from '../video/support';
import { NodeCaches } from '../../src/infra/node-caches';
import { RedisLocker } from '../../src/modules/video/uploads/redis-locker';

jest.setTimeout(120_000);

/** Two web nodes of one deployment on the S3 driver (a local fake of the S3 API), the first also running jobs. */
describe('two nodes share uploads, caches and locks', () => {
  let t: TestApp;
  let b: SecondNode;
  let s3: FakeS3Handle;
  let dir: string;
  let clip: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelty-scaling-'));
    Object.assign(process.env, { VIDEO_MAX_UPLOAD_MB: '20', VIDEO_MAX_DURATION_SECONDS: '6' });
    s3 = await startFakeS3({ dir: join(dir, 's3') });
    [clip, t] = await Promise.all([
      makeClip(dir, 'clip.mp4', { width: 640, height: 360, seconds: 2 }),
      bootTestApp({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.url,
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      }),
    ]);
    b = await bootSecondNode(t);
  });

  afterAll(async () => {
    await b?.close();
    await t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The same signed-in client, its requests sent to node A or node B. */
  const on = (node: 'a' | 'b') => ({ ...t, baseUrl: node === 'a' ? t.baseUrl : b.baseUrl });
  const tus = (
    node: 'a' | 'b',
    client: TestClient,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
    cut?: number,
  ) => tusRequest(on(node), client, method, path, headers, body, cut);
  const patch = (node: 'a' | 'b', client: TestClient, location: string, bytes: Buffer, offset: number, cut?: number) =>
    tus(
      node,
      client,
      'PATCH',
      location,
      { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      bytes,
      cut,
    );
  const objectsUnder = (prefix: string) =>
    [...s3.s3.index.keys()].filter((key: string) => key.startsWith(`media/${prefix}`));

  it('resumes one upload across both nodes, keeps its parts in the object store, and transcodes it', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const walkthrough = await client.post('/api/walkthroughs').send({ title: 'Two-node tour' });
    const created = await client
      .post(`/api/video/walkthrough/${walkthrough.body.walkthrough.slug}`)
      .send({ title: 'Hall' });
    const video = created.body.video as { id: string; slug: string };
    const bytes = readFileSync(clip);

    const start = (await tus('a', client, 'POST', '/api/video-uploads', {
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `videoSlug ${b64(video.slug)},filename ${b64('clip.mp4')}`,
    })) as RawResponse;
    expect(start.status).toBe(201);
    const location = String(start.headers.location);

    // First chunk on node B, a chunk cut mid-body on node A, the offset read on node B.
    const firstEnd = Math.floor(bytes.length * 0.3);
    const first = (await patch('b', client, location, bytes.subarray(0, firstEnd), 0)) as RawResponse;
    expect(first.status).toBe(204);
    const second = bytes.subarray(firstEnd, Math.floor(bytes.length * 0.8));
    expect(await patch('a', client, location, second, firstEnd, Math.floor(second.length / 2))).toBe('aborted');
    const head = await waitFor(async () => {
      const res = (await tus('b', client, 'HEAD', location, {})) as RawResponse;
      return res.status === 200 && Number(res.headers['upload-offset']) > firstEnd ? res : null;
    }, 10_000);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeLessThan(bytes.length);
    expect(objectsUnder(`tus-uploads/${location.split('/').pop()}/`).length).toBeGreaterThanOrEqual(3); // info + 2 parts
    // Nothing of it on either node's disk.
    const uploadDir = join(t.config.storageDir, 'uploads', 'video');
    expect(existsSync(uploadDir) ? readdirSync(uploadDir) : []).toEqual([]);

    const rest = (await patch('b', client, location, bytes.subarray(offset), offset)) as RawResponse;
    expect(rest.status).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(bytes.length);
    expect(objectsUnder('tus-uploads/')).toEqual([]);

    // Node A's worker transcodes the source node B stored; node B serves the rendition from the bucket.
    const ready = await waitFor(
      async () => {
        const res = await client.get(`/api/video/${video.id}`);
        return ['ready', 'errored'].includes(res.body.video.status) ? res.body.video : null;
      },
      90_000,
      500,
    );
    expect(ready).toMatchObject({ status: 'ready', width: 640, height: 360, error: null });
    expect(objectsUnder(`videos/${video.id}/source.mp4`)).toHaveLength(1);
    const playlist = await fetch(`${b.baseUrl}${ready.playback.hls}`, { headers: { Cookie: cookieHeader(client) } });
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');
  });

  it('drops a cached answer on every node when one node forgets it', async () => {
    const seen: Array<string | null> = [];
    t.app.get(NodeCaches).register('scaling-test', () => undefined);
    b.app.get(NodeCaches).register('scaling-test', (key) => seen.push(key));
    await new Promise((resolve) => setTimeout(resolve, 200)); // node B's subscription is in place
    t.app.get(NodeCaches).forget('scaling-test', 'video-1');
    t.app.get(NodeCaches).forget('scaling-test');
    await waitFor(async () => seen.length === 2, 5_000, 20);
    expect(seen).toEqual(['video-1', null]);
  });

  it('gives an upload lock to one request at a time across nodes, asks the holder to let go, and lets a dead holder lapse', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const prefix = `test:locks:${Date.now()}:`;
    const nodeA = new RedisLocker(redis, redis.duplicate(), prefix, { ttlMs: 600, acquireTimeoutMs: 3_000 });
    const nodeB = new RedisLocker(redis, redis.duplicate(), prefix, { ttlMs: 600, acquireTimeoutMs: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const held = nodeA.newLock('u1');
      let releaseAsked = 0;
      await held.lock(new AbortController().signal, async () => {
        releaseAsked += 1;
        await held.unlock();
      });
      const startedAt = Date.now();
      const taker = nodeB.newLock('u1');
      await taker.lock(new AbortController().signal, () => undefined);
      expect(releaseAsked).toBe(1);
      expect(Date.now() - startedAt).toBeLessThan(1_000);

      // Node B "dies" holding the lock (no unlock, renewals stop): it lapses after its time to live.
      nodeB['holders'].clear();
      const renewal = (taker as unknown as { renewal: NodeJS.Timeout }).renewal;
      clearInterval(renewal);
      const after = nodeA.newLock('u1');
      const waitStarted = Date.now();
      await after.lock(new AbortController().signal, () => undefined);
      expect(Date.now() - waitStarted).toBeLessThan(1_500);
      await after.unlock();
    } finally {
      await nodeA.close();
      await nodeB.close();
      await redis.quit();
    }
  });
});
