#!/usr/bin/env node
// Video benchmarks: transcode speed (× real time) of a 30 s 1080p clip, feed API latency under load,
// resumable upload throughput of a 200 MB file. Usage:
//   node bench/video/run.js [--baseline] [--only transcode,feed,upload] [--seconds 30] [--upload-mb 200] [--feed-duration 20] [--connections 50]
require('reflect-metadata');
require('../support/ts-register');
const { execFileSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } = require('node:fs');
const { tmpdir, cpus, loadavg } = require('node:os');
const { join } = require('node:path');
const { parseArgs } = require('../support/common');

const args = parseArgs({
  only: 'transcode,feed,upload',
  seconds: 30,
  'upload-mb': 200,
  'feed-duration': 20,
  connections: 50,
});
const only = new Set(String(args.only).split(','));
const SECONDS = args.seconds;
const UPLOAD_MB = args['upload-mb'];
const FEED_DURATION = args['feed-duration'];
const CONNECTIONS = args.connections;
const work = mkdtempSync(join(tmpdir(), 'reelty-video-bench-'));
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadavgAtStart: loadavg()[0],
};

/** CPU seconds used by this process's finished children (ffmpeg), from /proc/self/stat (cutime + cstime). */
function childCpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const ffmpeg = (argv) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...argv]);

async function benchTranscode() {
  const {
    probe,
    transcodeHls,
    extractPoster,
    demuxerFor,
    ladderFor,
  } = require('../../src/modules/video/media/ffmpeg.ts');
  const source = join(work, 'source-1080p.mp4');
  // Camera-like bitrate (~12 Mb/s) so decoding costs what a phone clip costs; testsrc2 + a tone.
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '12M',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    source,
  ]);
  const demuxer = await demuxerFor(source);
  const info = await probe('ffprobe', source);
  const ladder = ladderFor(info.width, info.height);
  const timed = async (fn) => {
    const cpuBefore = childCpuSeconds();
    const started = process.hrtime.bigint();
    await fn();
    return { wall: Number(process.hrtime.bigint() - started) / 1e9, cpu: childCpuSeconds() - cpuBefore };
  };
  const hls = (name, preset, rungs) => () =>
    transcodeHls({
      ffmpeg: 'ffmpeg',
      input: source,
      demuxer,
      outDir: join(work, name),
      probe: info,
      preset,
      segmentSeconds: 4,
      rungs,
    });
  // What the transcode job does: the first rendition alone + the poster (the video is watchable), then
  // one decode split into the rest of the ladder.
  const first = await timed(async () => {
    await hls('first', 'superfast', ladder.slice(0, 1))();
    await extractPoster('ffmpeg', source, demuxer, 1, join(work, 'poster.jpg'));
  });
  const rest = await timed(hls('rest', 'superfast', ladder.slice(1)));
  const round = (n, d = 2) => +n.toFixed(d);
  const idle = (cpu) => cpu / cpus().length; // wall time with every core free for ffmpeg: load-independent
  results.transcode = {
    sourceSeconds: info.duration,
    sourceSize: `${info.width}x${info.height}`,
    renditions: ladder.map((r) => r.name),
    firstRendition: {
      rendition: ladder[0].name,
      preset: 'superfast',
      wallSeconds: round(first.wall),
      ffmpegCpuSeconds: round(first.cpu, 1),
      idleEstimateSeconds: round(idle(first.cpu), 1),
    },
    restOfLadder: {
      renditions: ladder.slice(1).map((r) => r.name),
      preset: 'superfast',
      wallSeconds: round(rest.wall),
      ffmpegCpuSeconds: round(rest.cpu, 1),
      idleEstimateSeconds: round(idle(rest.cpu), 1),
    },
    allRenditionsRealTimeMultiple: round(info.duration / (first.wall + rest.wall)),
    allRenditionsRealTimeMultipleIdleEstimate: round(info.duration / idle(first.cpu + rest.cpu)),
  };
  if (args.baseline) {
    // The previous pipeline in the same run: the whole ladder in one pass at veryfast with bicubic scaling.
    const before = await timed(hls('baseline', 'veryfast', ladder));
    results.transcode.baselineOnePassVeryfast = {
      wallSeconds: round(before.wall),
      ffmpegCpuSeconds: round(before.cpu, 1),
      idleEstimateSeconds: round(idle(before.cpu), 1),
    };
  }
  results.transcode.loadavgAtEnd = loadavg()[0];
  console.log('transcode', results.transcode);
}

async function withApp(fn) {
  // Transcodes are not what the API/upload parts measure: make them fail at once instead of competing for the CPU.
  Object.assign(process.env, {
    FFMPEG_PATH: '/bin/false',
    VIDEO_TRANSCODE_ATTEMPTS: '1',
    VIDEO_MAX_UPLOAD_MB: String(UPLOAD_MB + 50),
    VIDEO_MAX_DURATION_SECONDS: '3600',
    LOG_LEVEL: 'error',
  });
  const { bootTestApp } = require('../../test/support/app.ts');
  const t = await bootTestApp({ LOG_LEVEL: 'error' });
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

async function benchFeed(t) {
  const autocannon = require('autocannon');
  const { client } = await t.signedIn({ type: 'realtor', handle: `bench${Date.now().toString(36)}` });
  const { makeProperty } = require('../../test/properties/helpers.ts');
  const listings = [];
  for (let i = 0; i < 20; i++)
    listings.push(await makeProperty(client, { name: `Bench home ${i}`, price: String(300000 + i * 1000) }));
  const user = (await client.get('/api/walkthroughs').catch(() => null),
  await t.db.query(`SELECT id FROM users ORDER BY created_at DESC LIMIT 1`))[0];
  // 2,000 published spots with ready videos, spread over the 20 listings (rows written directly: the transcode is not under test).
  await t.db.query(
    `
    WITH w AS (INSERT INTO walkthroughs (slug, user_id, title, published) VALUES ('bench-tour', $1, 'Bench', true) RETURNING id),
    v AS (
      INSERT INTO videos (slug, playback_id, user_id, walkthrough_id, status, duration, width, height, manifest_key, poster_key, ready_at)
      SELECT 'bench-v-' || g, substr(md5(g::text), 1, 24), $1, (SELECT id FROM w), 'ready', 12, 1080, 1920, 'videos/x/hls/master.m3u8', 'videos/x/poster.jpg', now()
      FROM generate_series(1, 2000) g RETURNING id, slug
    )
    INSERT INTO spots (slug, user_id, walkthrough_id, listing_id, video_id, title, published, published_at)
    SELECT 'bench-s-' || substr(v.slug, 9), $1, (SELECT id FROM w), ($2::uuid[])[1 + (row_number() OVER ()) % 20], v.id, 'Spot', true, now() - (row_number() OVER ()) * interval '1 minute'
    FROM v`,
    [user.id, listings.map((l) => l.listing.id)],
  );
  await t.db.query('ANALYZE walkthroughs; ANALYZE videos; ANALYZE spots');
  const check = await (await t.client()).get('/api/feed?page=3');
  if (check.status !== 200 || check.body.data.length !== 10)
    throw new Error(`feed not ready: ${check.status} ${JSON.stringify(check.body).slice(0, 200)}`);
  const { cookieHeader } = require('../../test/video/support.ts');
  const viewer = (await t.signedIn()).client;
  const run = (title, path, headers = {}) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: `${t.baseUrl}${path}`,
          connections: CONNECTIONS,
          duration: FEED_DURATION,
          headers: { Accept: 'application/json', ...headers },
          title,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  const summary = (r) => ({
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.non2xx,
  });
  const first = await run('feed page 1', '/api/feed?page=1');
  const deep = await run('feed page 50', '/api/feed?page=50');
  // Signed in: no shared micro-cache, every request runs the queries (listing summaries still cached 5 s).
  const signedIn = await run('feed page 1 signed in', '/api/feed?page=1', { Cookie: cookieHeader(viewer) });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last answers drain before the next run / shutdown
  results.feed = {
    spots: 2000,
    listings: 20,
    perPage: 10,
    connections: CONNECTIONS,
    durationSeconds: FEED_DURATION,
    guestPage1: summary(first),
    guestPage50: summary(deep),
    signedInPage1: summary(signedIn),
  };
  console.log('feed', results.feed);
}

async function benchUpload(t) {
  const tus = require('tus-js-client');
  const { cookieHeader } = require('../../test/video/support.ts');
  const file = join(work, `upload-${UPLOAD_MB}mb.mp4`);
  // A real video of about UPLOAD_MB (so the final probe is a real one): high-bitrate testsrc2.
  const seconds = 20;
  const bitrate = Math.round((UPLOAD_MB * 8 * 1024 * 1024) / seconds / 1000);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=30:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    `${bitrate}k`,
    '-minrate',
    `${bitrate}k`,
    '-maxrate',
    `${bitrate}k`,
    '-bufsize',
    `${bitrate}k`,
    '-x264-params',
    'nal-hrd=cbr',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    file,
  ]);
  const bytes = readFileSync(file);
  const { client } = await t.signedIn({ type: 'realtor' });
  const video = (await client.post('/api/video/blank').send({ title: 'bench upload' })).body.video;
  const chunkSize = 8 * 1024 * 1024;
  const started = process.hrtime.bigint();
  await new Promise((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      endpoint: `${t.baseUrl}/api/video-uploads`,
      chunkSize,
      metadata: { videoSlug: video.slug, filename: 'bench.mp4' },
      headers: { Cookie: cookieHeader(client), 'X-XSRF-TOKEN': client.token },
      onError: reject,
      onSuccess: resolve,
    });
    upload.start();
  });
  const seconds_ = Number(process.hrtime.bigint() - started) / 1e9;
  const after = (await client.get(`/api/video/${video.id}`)).body.video;
  results.upload = {
    fileMB: +(bytes.length / 1024 / 1024).toFixed(1),
    chunkMB: chunkSize / 1024 / 1024,
    wallSeconds: +seconds_.toFixed(2),
    MBps: +(bytes.length / 1024 / 1024 / seconds_).toFixed(1),
    statusAfter: after.status,
    note: 'loopback; includes the final probe and the copy into storage done before the last PATCH answers',
  };
  console.log('upload', results.upload);
}

(async () => {
  try {
    if (only.has('transcode')) await benchTranscode();
    if (only.has('feed') || only.has('upload')) {
      await withApp(async (t) => {
        if (only.has('feed')) await benchFeed(t);
        if (only.has('upload')) await benchUpload(t);
      });
    }
    results.loadavgAtEnd = loadavg()[0];
    mkdirSync(join(__dirname, '..', 'results'), { recursive: true });
    const out = join(__dirname, '..', 'results', `video-${Date.now()}.json`);
    writeFileSync(out, JSON.stringify(results, null, 2));
    console.log(`\nwritten ${out}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
