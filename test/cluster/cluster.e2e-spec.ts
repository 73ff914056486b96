import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type Pusher from 'pusher-js';
import { makeClip } from '../video/support';
import { fakeOpenAi, type FakeServer } from '../designs/fakes';
import { runChatKill } from './chat-kill';
import { providerDelay, runLiveDesign, runWorkerCrash } from './designs';
import { ClusterClient, countBy, startCluster, upstreamsByTag, until, type Cluster } from './support';

jest.setTimeout(240_000);

/**
 * The cluster as `npm run cluster:up` starts it (nginx, two web nodes, a worker, the S3 stand-in), driven
 * only through nginx. Figures go to stdout and bench/results/cluster-e2e-latest.json.
 */
describe('Reelty on two web nodes and a worker behind nginx', () => {
  let cluster: Cluster;
  let dir: string;
  let clip: string;
  let openAi: FakeServer;
  let tour: { walkthrough: string; videoId: string } | undefined;
  const sockets: Pusher[] = [];
  const report: Record<string, unknown> = {};
  const users: Record<'a' | 'b' | 'c', { client: ClusterClient; id: string; email: string }> = {} as never;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelty-cluster-test-'));
    // The designer's AI provider: a local server speaking OpenAI's images API, reached by every app process.
    openAi = await fakeOpenAi('sk-cluster', () => ({ kind: 'b64', delayMs: providerDelay.ms }));
    const env = {
      VIDEO_MAX_UPLOAD_MB: '20',
      VIDEO_MAX_DURATION_SECONDS: '6',
      DESIGN_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-cluster',
      OPENAI_BASE_URL: openAi.url,
      // A killed worker's jobs go to the next one 8 s after its last lock renewal rather than BullMQ's 30 s.
      JOB_LOCK_MS: '8000',
      // A killed web node's sockets leave presence 3 s after its last heartbeat rather than 15 s.
      BROADCAST_CLUSTER_HEARTBEAT_MS: '1000',
      BROADCAST_NODE_TTL_MS: '3000',
    };
    [clip, cluster] = await Promise.all([
      makeClip(dir, 'clip.mp4', { width: 640, height: 360, seconds: 2 }),
      startCluster({ webNodes: 2, env }),
    ]);
  });

  afterAll(async () => {
    sockets.splice(0).forEach((socket) => socket.disconnect());
    await cluster?.stop();
    await openAi?.close();
    rmSync(dir, { recursive: true, force: true });
    console.log(`cluster e2e figures: ${JSON.stringify(report, null, 2)}`);
    mkdirSync(join(__dirname, '../../bench/results'), { recursive: true });
    writeFileSync(join(__dirname, '../../bench/results/cluster-e2e-latest.json'), JSON.stringify(report, null, 2));
  });

  const nodeOf = (tag: string) => upstreamsByTag(cluster.accessLog).get(tag);

  async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const db = new Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      return (await db.query(text, params)).rows as T[];
    } finally {
      await db.end();
    }
  }

  it('registers and signs in, with requests alternating between the nodes and the session valid on both', async () => {
    const tags: string[] = [];
    for (const [key, type] of [
      ['a', 'realtor'],
      ['b', 'buyer'],
      ['c', 'viewer'],
    ] as const) {
      const client = new ClusterClient(cluster.base);
      const email = `${key}-${Date.now()}@cluster.test`;
      const password = 'correct-horse-battery';
      tags.push((await client.request('GET', '/login')).tag);
      const registered = await client.request('POST', '/register', {
        json: { name: `User ${key.toUpperCase()}`, email, password, password_confirmation: password, type },
      });
      expect([302, 303]).toContain(registered.status);
      tags.push(registered.tag, (await client.request('POST', '/logout')).tag);
      expect((await client.request('GET', '/api/chats')).status).toBe(401);
      const login = await client.request('POST', '/login', { json: { email, password } });
      expect([302, 303]).toContain(login.status);
      tags.push(login.tag);
      for (let i = 0; i < 4; i++) {
        const res = await client.request('GET', '/api/chats');
        expect(res.status).toBe(200);
        tags.push(res.tag);
      }
      const [row] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      users[key] = { client, id: row.id, email };
    }
    // Verification links go by mail (none in this topology): mark the addresses verified directly.
    await sql('UPDATE users SET email_verified_at = now() WHERE id = ANY($1)', [Object.values(users).map((u) => u.id)]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const served = tags.map(nodeOf);
    const nodes = new Set(served);
    expect(nodes.size).toBe(2);
    report.signIn = { requests: served.length, byNode: countBy(served) };
  });

  it('resumes a chunked upload whose chunks land on both nodes; the worker transcodes; it plays through nginx with ranges', async () => {
    const a = users.a.client;
    const walkthrough = await a.request('POST', '/api/walkthroughs', { json: { title: 'Cluster tour' } });
    expect(walkthrough.status).toBe(201);
    const created = await a.request('POST', `/api/video/walkthrough/${walkthrough.json.walkthrough.slug}`, {
      json: { title: 'Hall' },
    });
    const video = created.json.video as { id: string; slug: string };
    const bytes = readFileSync(clip);
    const tus = { 'Tus-Resumable': '1.0.0' };
    const start = await a.request('POST', '/api/video-uploads', {
      headers: {
        ...tus,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `videoSlug ${b64(video.slug)},filename ${b64('clip.mp4')}`,
      },
    });
    expect(start.status).toBe(201);
    const location = String(start.headers.get('location'));
    const patchHeaders = (offset: number) => ({
      ...tus,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    });

    // Round robin alternates, so a cheap request in between moves the next PATCH to the other node.
    const patchNodes: string[] = [];
    const steer = async () => {
      const last = patchNodes[patchNodes.length - 1];
      for (let i = 0; i < 4 && last; i++) {
        const probe = await a.request('GET', '/health');
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (nodeOf(probe.tag) === last) break;
      }
    };
    const firstEnd = Math.floor(bytes.length * 0.3);
    const first = await a.request('PATCH', location, { headers: patchHeaders(0), body: bytes.subarray(0, firstEnd) });
    expect(first.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 30));
    patchNodes.push(nodeOf(first.tag)!);

    await steer();
    const cutTag = await cutPatch(
      a,
      location,
      patchHeaders(firstEnd),
      bytes.subarray(firstEnd, Math.floor(bytes.length * 0.8)),
    );
    const head = await until(
      async () => {
        const res = await a.request('HEAD', location, { headers: tus });
        return res.status === 200 && Number(res.headers.get('upload-offset')) > firstEnd ? res : null;
      },
      10_000,
      'the cut chunk to be kept',
    );
    patchNodes.push(nodeOf(cutTag) ?? 'unlogged');
    await steer();
    const offset = Number(head.headers.get('upload-offset'));
    const rest = await a.request('PATCH', location, { headers: patchHeaders(offset), body: bytes.subarray(offset) });
    expect(rest.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 30));
    patchNodes.push(nodeOf(rest.tag)!);
    expect(new Set(patchNodes.filter((n) => n !== 'unlogged')).size).toBe(2);

    const startedAt = Date.now();
    const ready = await until(
      async () => {
        const res = await a.request('GET', `/api/video/${video.id}`);
        return ['ready', 'errored'].includes(res.json?.video?.status) ? res.json.video : null;
      },
      90_000,
      'the worker to transcode the upload',
    );
    expect(ready).toMatchObject({ status: 'ready', width: 640, height: 360, error: null });
    const playlist = await a.request('GET', ready.playback.hls);
    expect(playlist.status).toBe(200);
    expect(playlist.text).toContain('#EXTM3U');
    const ranged = await a.request('GET', ready.poster, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    tour = { walkthrough: walkthrough.json.walkthrough.slug, videoId: video.id };
    report.upload = { bytes: bytes.length, patchNodes, transcodeSeconds: (Date.now() - startedAt) / 1000 };
  });

  it('generates a design on the worker while its steps arrive live over pusher-js through nginx', async () => {
    await sql('UPDATE users SET image_credits = 5 WHERE id = $1', [users.a.id]);
    const figures = await runLiveDesign(cluster, users.a.client, openAi, sql, sockets);
    report.design = figures;
    expect(figures.status).toBe('completed');
    expect(figures.stepsSeenLive.length).toBeGreaterThanOrEqual(2);
    expect(figures.lastProgress).toBe(100);
    expect(figures.providerCalls).toBe(1);
  });

  it('completes a design job on a second worker after the first is SIGKILLed mid-job, charging once', async () => {
    const figures = await runWorkerCrash(cluster, users.a.client, openAi, sql, sockets);
    report.workerCrash = figures;
    expect(figures.stepWhenKilled).toBe('Generating the AI design');
    expect(figures.statusAfterKill).toBe('processing');
    expect(figures.status).toBe('completed');
    expect(figures.providerCalls).toBe(2);
    expect(figures.ledger).toEqual(['spend']);
    expect(figures.generatedLive).toBe(true);
  });

  it('plays a published spot to a guest through nginx: the playlist and a byte range of a segment', async () => {
    const made = await users.a.client.request('POST', `/api/spot/${tour!.walkthrough}`, {
      json: { title: 'Hall spot', published: true, video_id: tour!.videoId },
    });
    expect(made.status).toBe(201);
    const guest = new ClusterClient(cluster.base);
    const shown = await guest.request('GET', `/api/spot/${made.json.spot.slug}`);
    expect(shown.status).toBe(200);
    let url = new URL(shown.json.spot.video.playback.hls, cluster.base);
    let playlist = await guest.request('GET', url.pathname + url.search);
    expect(playlist.status).toBe(200);
    const playlists = [url.pathname];
    // A master playlist names variant playlists; a media playlist names segments.
    for (let depth = 0; depth < 3; depth++) {
      const entry = playlist.text.split('\n').find((line) => line.trim() && !line.startsWith('#'))!;
      url = new URL(entry.trim(), url);
      if (!url.pathname.endsWith('.m3u8')) break;
      playlist = await guest.request('GET', url.pathname + url.search);
      expect(playlist.status).toBe(200);
      playlists.push(url.pathname);
    }
    const segment = await guest.request('GET', url.pathname + url.search, { headers: { Range: 'bytes=0-187' } });
    expect(segment.status).toBe(206);
    expect(segment.headers.get('content-range')).toMatch(/^bytes 0-187\/\d+$/);
    expect(segment.headers.get('content-length')).toBe('188');
    await new Promise((resolve) => setTimeout(resolve, 100));
    report.guestPlayback = {
      playlists,
      segment: url.pathname,
      nodes: [shown.tag, playlist.tag, segment.tag].map(nodeOf),
    };
  });

  it('delivers chat live across nodes; after a web node is SIGKILLed mid-traffic no message is lost, clients reconnect and presence drops its members', async () => {
    const figures = await runChatKill(cluster, users, sockets);
    report.kill = figures;
    expect(figures.messages.lost).toBe(0);
    expect(figures.messages.missedBySurvivors).toBe(0);
    expect(figures.reconnect.reconnected).toBe(figures.reconnect.dropped);
    expect(figures.reconnect.dropped).toBeGreaterThan(0);
    expect(figures.presence.removedAfterMs).not.toBeNull();
    expect(figures.afterKill.non2xx).toBe(0);
  });

  /** One PATCH whose connection is cut half way through the body (the client's network drops). */
  function cutPatch(
    client: ClusterClient,
    location: string,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<string> {
    const tag = `cut-${Date.now()}`;
    return new Promise((resolve) => {
      const req = httpRequest(new URL(location, cluster.base), {
        method: 'PATCH',
        headers: {
          ...headers,
          Cookie: client.cookieHeader,
          'X-XSRF-TOKEN': client.xsrf,
          'X-Test-Tag': tag,
          'Content-Length': String(body.length),
        },
      });
      req.on('error', () => undefined);
      req.write(body.subarray(0, Math.floor(body.length / 2)), () =>
        setTimeout(() => {
          req.destroy(new Error('simulated network drop'));
          resolve(tag);
        }, 400),
      );
    });
  }
});

const b64 = (value: string) => Buffer.from(value).toString('base64');
