import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Pusher from 'pusher-js';
import * as tus from 'tus-js-client';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { b64, cookieHeader, makeClip, pusherFor, tusRequest, waitFor, type RawResponse } from './support';

jest.setTimeout(180_000);

const FAULT_FILE = join(tmpdir(), `reelty-ffmpeg-fault-${process.pid}`);
const FAULTY_FFMPEG = join(__dirname, 'ffmpeg-fault.sh');

/**
 * The whole media path on the real app (PostgreSQL, Redis/BullMQ, storage, WebSockets, ffmpeg):
 * resumable tus uploads with a dropped connection, probing, caps, the HLS transcode job with live
 * status, playback through /media, failures, retries and deletion.
 */
describe('video pipeline', () => {
  let t: TestApp;
  let dir: string;
  let clip1080: string;
  let clip360: string;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    // Video settings are read from the process environment (this file's own copy under Jest).
    Object.assign(process.env, {
      REELTY_FFMPEG_FAULT_FILE: FAULT_FILE,
      VIDEO_MAX_UPLOAD_MB: '20',
      VIDEO_MAX_DURATION_SECONDS: '6',
      VIDEO_TRANSCODE_ATTEMPTS: '2',
      FFMPEG_PATH: FAULTY_FFMPEG,
    });
    chmodSync(FAULTY_FFMPEG, 0o755);
    dir = mkdtempSync(join(tmpdir(), 'reelty-video-test-'));
    [clip1080, clip360, t] = await Promise.all([
      makeClip(dir, 'hd.mp4', { width: 1920, height: 1080, seconds: 3 }),
      makeClip(dir, 'small.mp4', { width: 640, height: 360, seconds: 2 }),
      bootTestApp(),
    ]);
  });
  afterEach(() => rmSync(FAULT_FILE, { force: true }));
  afterAll(async () => {
    sockets.splice(0).forEach((s) => s.disconnect());
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function walkthroughFor(client: TestClient): Promise<string> {
    const res = await client.post('/api/walkthroughs').send({ title: 'Lake house tour' });
    expect(res.status).toBe(201);
    return res.body.walkthrough.slug;
  }

  async function newVideo(client: TestClient, walkthroughSlug: string) {
    const res = await client.post(`/api/video/walkthrough/${walkthroughSlug}`).send({ title: 'Kitchen' });
    expect(res.status).toBe(201);
    expect(res.body.video).toMatchObject({
      status: 'uploading',
      upload: { endpoint: '/api/video-uploads', completed: false },
    });
    return res.body.video as { id: string; slug: string; playback_id: string };
  }

  async function createUpload(
    client: TestClient,
    videoSlug: string,
    size: number,
    filename = 'clip.mp4',
  ): Promise<RawResponse> {
    const res = await tusRequest(t, client, 'POST', '/api/video-uploads', {
      'Upload-Length': String(size),
      'Upload-Metadata': `videoSlug ${b64(videoSlug)},filename ${b64(filename)}`,
    });
    return res as RawResponse;
  }

  async function patch(client: TestClient, location: string, bytes: Buffer, offset: number, abortAfter?: number) {
    return tusRequest(
      t,
      client,
      'PATCH',
      location,
      { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      bytes,
      abortAfter,
    );
  }

  /** Uploads a whole file in one PATCH (for the refusal cases). */
  async function uploadWhole(client: TestClient, videoSlug: string, bytes: Buffer): Promise<RawResponse> {
    const created = await createUpload(client, videoSlug, bytes.length);
    expect(created.status).toBe(201);
    return (await patch(client, String(created.headers.location), bytes, 0)) as RawResponse;
  }

  async function videoJson(client: TestClient, id: string) {
    const res = await client.get(`/api/video/${id}`);
    expect(res.status).toBe(200);
    return res.body.video;
  }
  /** The video's JSON once it is ready or errored (polled every 300 ms, for up to a minute). */
  const settled = (client: TestClient, id: string) =>
    waitFor(
      async () => {
        const v = await videoJson(client, id);
        return v.status === 'ready' || v.status === 'errored' ? v : null;
      },
      60_000,
      300,
    );

  it('uploads a 1080p clip in chunks across a dropped connection, transcodes it live and serves HLS, poster and ranges', async () => {
    const { client, user } = await t.signedIn({ type: 'realtor' });
    const events: Array<{ status: string; progress: number; video: { status: string } }> = [];
    const pusher = pusherFor(t, client, sockets);
    const channel = pusher.subscribe(`private-App.Models.User.${user.id}`);
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', reject);
    });
    channel.bind('video.status', (payload: (typeof events)[number]) => events.push(payload));

    const slug = await walkthroughFor(client);
    const video = await newVideo(client, slug);
    const bytes = readFileSync(clip1080);
    const created = await createUpload(client, video.slug, bytes.length, 'hd.mp4');
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^/api/video-uploads/${video.id}-`));

    // First chunk arrives whole.
    const firstEnd = Math.floor(bytes.length * 0.3);
    const first = (await patch(client, location, bytes.subarray(0, firstEnd), 0)) as RawResponse;
    expect(first.status).toBe(204);
    expect(Number(first.headers['upload-offset'])).toBe(firstEnd);

    // The second chunk's connection drops half way: what arrived is kept.
    const second = bytes.subarray(firstEnd, Math.floor(bytes.length * 0.8));
    expect(await patch(client, location, second, firstEnd, Math.floor(second.length / 2))).toBe('aborted');
    const head = await waitFor(async () => {
      const res = (await tusRequest(t, client, 'HEAD', location, {})) as RawResponse;
      return res.status === 200 && Number(res.headers['upload-offset']) > firstEnd ? res : null;
    }, 10_000);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(firstEnd);
    expect(offset).toBeLessThan(bytes.length);
    expect(Number(head.headers['upload-length'])).toBe(bytes.length);

    // Another user cannot see or continue this upload.
    const other = await t.signedIn();
    const stranger = (await tusRequest(t, other.client, 'HEAD', location, {})) as RawResponse;
    expect(stranger.status).toBe(403);

    // Resume from the server's offset to the end.
    const rest = (await patch(client, location, bytes.subarray(offset), offset)) as RawResponse;
    expect(rest.status).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(bytes.length);

    // Watchable first with its smallest rendition; the rest of the ladder follows in one more pass.
    const ready = await waitFor(
      async () => {
        const v = await videoJson(client, video.id);
        return (v.status === 'ready' && v.renditions.length === 3) || v.status === 'errored' ? v : null;
      },
      120_000,
      500,
    );
    expect(ready.error).toBeNull();
    expect(ready).toMatchObject({
      status: 'ready',
      width: 1920,
      height: 1080,
      progress: 100,
      upload: { completed: true },
    });
    expect(ready.duration).toBeGreaterThan(2.5);
    expect(ready.duration).toBeLessThan(3.5);
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(ready.renditions[0]).toMatchObject({ width: 640, height: 360 });
    expect(ready.playback.hls).toBe(`/media/videos/${video.id}/hls/master.m3u8`);
    expect(ready.poster).toMatch(new RegExp(`^/media/videos/${video.id}/poster-[0-9a-f]+\\.jpg$`));

    // Live status on the owner's private channel: processing (with progress), then ready.
    await waitFor(async () => events.some((e) => e.status === 'ready'), 10_000);
    const statuses = events.map((e) => e.status);
    expect(statuses[0]).toBe('processing');
    expect(statuses[statuses.length - 1]).toBe('ready');
    expect(statuses).not.toContain('errored');
    expect(events[events.length - 1].video.status).toBe('ready');

    // Playback: master playlist → variant playlist → segment, with types, ranges and cache headers.
    const master = await client
      .get(ready.playback.hls)
      .buffer(true)
      .parse((res, cb) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => cb(null, text));
      });
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toContain('private');
    const text = String(master.body);
    expect(text).toContain('#EXTM3U');
    expect(text.match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
    expect(text).toMatch(/RESOLUTION=1920x1080/);
    const variantPath = text.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const variantUrl = new URL(variantPath, `http://x${ready.playback.hls}`).pathname;
    const variant = await client
      .get(variantUrl)
      .buffer(true)
      .parse((res, cb) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => cb(null, body));
      });
    expect(variant.status).toBe(200);
    const segmentPath = String(variant.body)
      .split('\n')
      .find((line) => line.endsWith('.ts'))!;
    const segmentUrl = new URL(segmentPath, `http://x${variantUrl}`).pathname;
    const segment = await client.get(segmentUrl).buffer(true);
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect((segment.body as Buffer)[0]).toBe(0x47); // MPEG-TS sync byte
    const ranged = await client.get(segmentUrl).set('Range', 'bytes=0-187').buffer(true);
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-187\/\d+$/);

    const poster = await client.get(ready.poster).buffer(true);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((poster.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Drafts are the owner's: a guest and another user are refused; once published, anyone plays it.
    const guest = await t.client();
    expect((await guest.get(ready.playback.hls)).status).toBe(403);
    expect((await other.client.get(segmentUrl)).status).toBe(403);
    expect((await guest.get(`/api/video/${video.id}`)).status).toBe(404);
    const published = await client.patch(`/api/walkthrough/${slug}`).send({ published: true });
    expect(published.status).toBe(200);
    expect(published.body.message).toBe('Walkthrough Updated');
    const publicMaster = await guest.get(ready.playback.hls);
    expect(publicMaster.status).toBe(200);
    expect(publicMaster.headers['cache-control']).toContain('public');
    expect((await guest.get(`/api/walkthrough/${slug}`)).body.walkthrough.videos[0].playback.hls).toBe(
      ready.playback.hls,
    );

    // The owner was notified.
    const notes = await t.db
      .query(`SELECT kind, url FROM notifications WHERE user_id = $1`, [user.id])
      .catch(() => null);
    if (notes) expect(notes.map((n: { kind: string }) => n.kind)).toContain('video_ready');

    // Deleting the video removes its files.
    const storageDir = join(t.config.storageDir, 'media', 'videos', video.id);
    expect(existsSync(storageDir)).toBe(true);
    const deleted = await client.delete(`/api/video/${video.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Video Deleted');
    expect(existsSync(storageDir)).toBe(false);
    expect([403, 404]).toContain((await client.get(ready.playback.hls)).status);
    expect((await client.get(`/api/video/${video.id}`)).status).toBe(404);
  });

  it('resumes with tus-js-client (the browser library) after an abort, and makes only renditions at or below a 360p source', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const video = await newVideo(client, await walkthroughFor(client));
    const bytes = readFileSync(clip360);
    const headers = { Cookie: cookieHeader(client), 'X-XSRF-TOKEN': client.token };
    const options = (onProgress?: (sent: number) => void): tus.UploadOptions => ({
      endpoint: `${t.baseUrl}/api/video-uploads`,
      chunkSize: Math.ceil(bytes.length / 6),
      metadata: { videoSlug: video.slug, filename: 'small.mp4' },
      headers,
      retryDelays: [0, 200],
      onProgress: (sent) => onProgress?.(sent),
    });

    // Start, and stop after the second chunk as a closed tab would.
    let uploadUrl = '';
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        ...options(),
        onChunkComplete: (_size, sent) => {
          if (sent >= (bytes.length / 6) * 2) void upload.abort().then(resolve);
        },
        onError: reject,
        onSuccess: () => reject(new Error('should have been aborted')),
      });
      upload.start();
      const poll = setInterval(() => {
        if (upload.url) {
          uploadUrl = upload.url;
          clearInterval(poll);
        }
      }, 5);
    });
    expect(uploadUrl).toContain('/api/video-uploads/');
    const mid = await videoJson(client, video.id);
    expect(mid.status).toBe('uploading');

    // A new client (after a reload) resumes from the server's offset, not from zero.
    const progress: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        ...options((sent) => progress.push(sent)),
        uploadUrl,
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect(progress[0]).toBeGreaterThan(bytes.length / 6);

    const ready = await settled(client, video.id);
    expect(ready).toMatchObject({ status: 'ready', width: 640, height: 360 });
    expect(ready.renditions.map((r: { name: string }) => r.name)).toEqual(['360p']);
  });

  it('refuses a non-video file, a damaged one, an oversize one and an over-long one with clear messages', async () => {
    const { client } = await t.signedIn({ type: 'realtor' });
    const slug = await walkthroughFor(client);

    const text = await newVideo(client, slug);
    const notVideo = await uploadWhole(
      client,
      text.slug,
      Buffer.from('hello, this is a shopping list and not a video\n'.repeat(200)),
    );
    expect(notVideo.status).toBe(422);
    expect(JSON.parse(notVideo.body).message).toBe('This file is not a video: upload an MP4, MOV or WebM file.');
    expect((await videoJson(client, text.id)).status).toBe('uploading');

    // Looks like an MP4 from its first bytes, but ffprobe cannot read it.
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096, 7)]);
    const damaged = await uploadWhole(client, text.slug, fake);
    expect(damaged.status).toBe(422);
    expect(JSON.parse(damaged.body).message).toMatch(/could not be read/);

    const tooBig = await createUpload(client, text.slug, 20 * 1024 * 1024 + 1);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body).message).toBe('The file is too large: the limit is 20 MB.');

    const longClip = await makeClip(dir, 'long.mp4', { width: 160, height: 90, seconds: 8, audio: false, fps: 10 });
    const tooLong = await uploadWhole(client, text.slug, readFileSync(longClip));
    expect(tooLong.status).toBe(422);
    expect(JSON.parse(tooLong.body).message).toBe(
      'The video is too long: the limit is 6 seconds (this one is 8 seconds).',
    );

    // Nothing was kept: the video still waits for a file.
    expect((await videoJson(client, text.id)).status).toBe('uploading');
  });

  it('marks a failing transcode errored with its reason, retries it on request, and survives an encoder crash', async () => {
    const { client, user } = await t.signedIn({ type: 'realtor' });
    const slug = await walkthroughFor(client);
    const bytes = readFileSync(clip360);

    writeFileSync(FAULT_FILE, 'fail');
    const failing = await newVideo(client, slug);
    expect((await uploadWhole(client, failing.slug, bytes)).status).toBe(204);
    const errored = await settled(client, failing.id);
    expect(errored.status).toBe('errored');
    expect(errored.error).toMatch(/^Processing failed: ffmpeg failed \(exit 1\): .*cannot allocate memory/);
    // The owner's notice is written by an event consumer after the video row turns errored: wait for it.
    const failedNotice = await waitFor(
      async () => {
        const rows: Array<{ kind: string }> = await t.db.query(`SELECT kind FROM notifications WHERE user_id = $1`, [
          user.id,
        ]);
        return rows.some((n) => n.kind === 'video_failed') ? rows : null;
      },
      15_000,
      100,
    );
    expect(failedNotice.map((n) => n.kind)).toContain('video_failed');

    // Only errored videos can be retried; another user cannot.
    const other = await t.signedIn();
    expect((await other.client.post(`/api/video/${failing.id}/retry`).send({})).status).toBe(403);
    rmSync(FAULT_FILE, { force: true });
    const retried = await client.post(`/api/video/${failing.id}/retry`).send({});
    expect(retried.status).toBe(200);
    expect(retried.body.video.status).toBe('processing');
    const ready = await settled(client, failing.id);
    expect(ready.status).toBe('ready');
    expect((await client.post(`/api/video/${failing.id}/retry`).send({})).status).toBe(422);

    // ffmpeg killed mid-job (SIGKILL): the job is retried by the queue and the video still becomes ready.
    writeFileSync(FAULT_FILE, 'crash-once');
    const crashing = await newVideo(client, slug);
    expect((await uploadWhole(client, crashing.slug, bytes)).status).toBe(204);
    const recovered = await settled(client, crashing.id);
    expect(existsSync(FAULT_FILE)).toBe(false); // the crash happened
    expect(recovered.status).toBe('ready');
    expect(recovered.error).toBeNull();
    const files = statSync(join(t.config.storageDir, 'media', 'videos', crashing.id, 'hls', 'master.m3u8'));
    expect(files.size).toBeGreaterThan(0);
  });
});
