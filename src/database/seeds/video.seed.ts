import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { JobsService } from '../../modules/jobs/jobs.service';
import { ListingsService } from '../../modules/listings/listings.service';
import { StorageService } from '../../modules/storage/storage.service';
import type { User } from '../../modules/users/user.entity';
import { UsersService } from '../../modules/users/users.service';
import type { Spot } from '../../modules/video/entities';
import { probe } from '../../modules/video/media/ffmpeg';
import { SpotsService } from '../../modules/video/spots.service';
import { VIDEO_CONFIG, type VideoConfig } from '../../config/video.config';
import { TRANSCODE_JOB, VideosService } from '../../modules/video/videos.service';
import { VideoRepository } from '../../modules/video/video.repository';
import { WalkthroughsService } from '../../modules/video/walkthroughs.service';

const exec = promisify(execFile);

/** How many of the realtor's published listings get a walkthrough and a spot. */
export const DEMO_SPOT_COUNT = 6;
const COLORS = ['0x2563eb', '0x16a34a', '0xdc2626', '0x9333ea', '0xea580c', '0x0891b2'];
const FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/TTF', '/usr/share/fonts/dejavu'];
/** How long the background publisher waits for the demo transcodes before giving up. */
const PUBLISH_WATCH_MS = 15 * 60_000;
const PUBLISH_POLL_MS = 1_000;

interface ClipText {
  title: string;
  subtitle: string;
}

/**
 * ffmpeg and ffprobe are runnable; whether drawtext (libfreetype) and a font are there for titles. Asked without
 * blocking (the server answers meanwhile) and given 10 s each: a tool that does not answer counts as missing.
 */
async function ffmpegTools(
  config: VideoConfig,
): Promise<{ ok: boolean; fonts: { bold: string; regular: string } | null }> {
  const answer = (file: string, args: string[]) =>
    exec(file, args, { encoding: 'utf8', timeout: 10_000 }).then(
      ({ stdout }) => stdout,
      () => null,
    );
  const [filters, ffprobe] = await Promise.all([
    answer(config.ffmpegPath, ['-hide_banner', '-filters']),
    answer(config.ffprobePath, ['-version']),
  ]);
  if (filters === null || ffprobe === null) return { ok: false, fonts: null };
  if (!/\sdrawtext\s/.test(filters)) return { ok: true, fonts: null };
  for (const dir of FONT_DIRS) {
    const bold = join(dir, 'DejaVuSans-Bold.ttf');
    const regular = join(dir, 'DejaVuSans.ttf');
    if (existsSync(bold) && existsSync(regular)) return { ok: true, fonts: { bold, regular } };
  }
  return { ok: true, fonts: null };
}

/** drawtext's text, quoted: only ' and \ (and % for its expansion) need escaping inside '...'. */
const drawtextValue = (text: string) => `'${text.replace(/[\\'%:]/g, '').trim()}'`;

/** A short portrait clip (colour card, title sliding up, price), H.264 MP4, made in well under a second. */
async function makeClip(
  config: VideoConfig,
  fonts: { bold: string; regular: string } | null,
  out: string,
  color: string,
  text: ClipText,
): Promise<void> {
  const filters = [
    `color=c=${color}:s=720x1280:d=${config.demoClipSeconds}:r=24`,
    'drawbox=x=0:y=ih*0.6:w=iw:h=ih*0.4:color=0x0f172a@0.55:t=fill',
  ];
  if (fonts) {
    filters.push(
      `drawtext=fontfile=${fonts.bold}:text=${drawtextValue(text.title)}:fontcolor=white:fontsize=60:x=(w-tw)/2:y=h*0.42-t*24`,
      `drawtext=fontfile=${fonts.regular}:text=${drawtextValue(text.subtitle)}:fontcolor=white:fontsize=52:x=(w-tw)/2:y=h*0.42+90-t*24`,
    );
  }
  await exec(
    config.ffmpegPath,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      filters.join(','),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '24',
      '-movflags',
      '+faststart',
      out,
    ],
    { timeout: 30_000 },
  );
}

function formatPrice(price: string | null, currency: string): string {
  if (!price) return '';
  const amount = Math.round(Number(price));
  return currency === 'USD' ? `$${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('en-US')} ${currency}`;
}

/** Seeded spots the seed may still publish: not published, never touched since they were created. */
async function pendingDemoSpots(repo: VideoRepository, realtor: User): Promise<Spot[]> {
  const rows = await repo.unpublishedSpotsOf(realtor.id);
  return rows.filter((s) => s.publishedAt === null && Math.abs(s.updatedAt.getTime() - s.createdAt.getTime()) < 1000);
}

/**
 * Publishes the seeded spots whose video is ready (a spot can only be published then). Returns
 * how many are still waiting for their transcode.
 */
async function publishReadySpots(
  app: INestApplicationContext,
  realtor: User,
): Promise<{ published: number; waiting: number }> {
  const spots = app.get(SpotsService);
  const repo = app.get(VideoRepository);
  const pending = await pendingDemoSpots(repo, realtor);
  const videoIds = pending.map((s) => s.videoId).filter((id): id is string => !!id);
  const byId = new Map((await repo.videosByIds(videoIds)).map((v) => [v.id, v]));
  let published = 0;
  let waiting = 0;
  for (const spot of pending) {
    const video = spot.videoId ? byId.get(spot.videoId) : undefined;
    if (video?.status === 'ready') {
      await spots.update(realtor, spot, { published: true });
      published++;
    } else if (video && (video.status === 'processing' || video.status === 'uploading')) waiting++;
  }
  return { published, waiting };
}

/** Polls in the background (timers unref'd, stops by itself) and publishes each demo spot once its video is ready. */
function publishWhenReady(app: INestApplicationContext, realtor: User, logger: LoggerService): void {
  const deadline = Date.now() + PUBLISH_WATCH_MS;
  let total = 0;
  const tick = async () => {
    try {
      const { published, waiting } = await publishReadySpots(app, realtor);
      total += published;
      if (waiting === 0) {
        if (total) logger.log(`Demo spots: ${total} published; see /feed`);
        return;
      }
      if (Date.now() > deadline) {
        logger.warn?.(
          `Demo spots: ${waiting} still waiting for their videos; they are published on the next start once ready`,
        );
        return;
      }
    } catch {
      return; // the app is shutting down (database closed): the next start publishes what is ready
    }
    setTimeout(() => void tick(), PUBLISH_POLL_MS).unref();
  };
  setTimeout(() => void tick(), PUBLISH_POLL_MS).unref();
}

/**
 * Demo walkthroughs and spots for realtor@reelty.test: for DEMO_SPOT_COUNT of the realtor's
 * published listings, a short generated clip (ffmpeg) goes through the video module's own pipeline
 * (stored as the video's source, then the real media:transcode job makes the HLS ladder, poster
 * and playback) in the background; each spot is published as soon as its video is ready.
 * Idempotent: creates nothing when the realtor already has walkthroughs; a later run publishes
 * seeded spots whose video finished meanwhile (and, with in-process jobs that did not survive a
 * restart, queues their transcode again). Without ffmpeg: one warning, no spots.
 */
export async function seedDemoVideos(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const realtor = await app.get(UsersService).findByEmail('realtor@reelty.test');
  if (!realtor) return;
  const walkthroughs = app.get(WalkthroughsService);
  const videos = app.get(VideosService);
  const spots = app.get(SpotsService);
  const jobs = app.get(JobsService);
  const config = app.get<VideoConfig>(VIDEO_CONFIG);

  const repo = app.get(VideoRepository);
  if (await repo.hasWalkthroughs(realtor.id)) {
    if (jobs.mode === 'in-process') {
      await app.init(); // the job handlers (registered in onModuleInit) must be there
      // In-process jobs are lost when the app stops: queue the demo transcodes that were cut off again.
      const stuck = await repo.videosOf(realtor.id, 'processing');
      for (const video of stuck)
        if (video.sourceKey)
          await jobs.dispatch(
            'media',
            TRANSCODE_JOB,
            { videoId: video.id },
            { attempts: config.transcodeAttempts, backoffMs: 2000 },
          );
    }
    const { waiting } = await publishReadySpots(app, realtor);
    if (waiting) publishWhenReady(app, realtor, logger);
    return;
  }

  const tools = await ffmpegTools(config);
  if (!tools.ok) {
    logger.warn?.(
      `Demo spots skipped: ffmpeg/ffprobe not found or not answering (${config.ffmpegPath}, ${config.ffprobePath}); install ffmpeg for the demo feed.`,
    );
    return;
  }

  const listings = (await app.get(ListingsService).publishedBy(realtor.id, 1, DEMO_SPOT_COUNT)).data;
  if (!listings.length) return;
  const storage = app.get(StorageService);
  // Job handlers register in onModuleInit; `npm start` seeds before listen() would run it.
  await app.init();
  const work = await mkdtemp(join(tmpdir(), 'reelty-demo-clips-'));
  try {
    const texts = listings.map((listing) => {
      const property = listing.property;
      const place = [property.city, property.state].filter(Boolean).join(', ') || property.name;
      return {
        listing,
        place,
        price: formatPrice(property.price, property.currency),
        clip: join(work, `clip-${listing.id}.mp4`),
      };
    });
    // The clips first, side by side (each well under a second), so startup waits as little as possible. A clip
    // ffmpeg fails or is too slow to make (a busy machine) is skipped with one warning: demo data never stops a start.
    const made = await Promise.allSettled(
      texts.map((x, i) =>
        makeClip(config, tools.fonts, x.clip, COLORS[i % COLORS.length], {
          title: x.place,
          subtitle: x.price || 'Take the tour',
        }),
      ),
    );
    const failed = made.filter((m): m is PromiseRejectedResult => m.status === 'rejected');
    if (failed.length)
      logger.warn?.(
        `Demo spots: ${failed.length} of ${texts.length} clips skipped, ffmpeg failed (${String(
          (failed[0].reason as Error)?.message ?? failed[0].reason,
        )
          .split('\n')[0]
          .slice(0, 160)}); those listings get no demo spot`,
      );
    const clips = texts.filter((_, i) => made[i].status === 'fulfilled');
    for (const [i, { listing, place, price, clip }] of clips.entries()) {
      const property = listing.property;
      const info = await probe(config.ffprobePath, clip);
      const walkthrough = await walkthroughs.create(realtor, {
        title: `Tour of ${property.name}`,
        listingId: listing.id,
      });
      await walkthroughs.update(realtor, walkthrough, {
        description: `A quick walkthrough of this listing in ${place}.`,
        published: true,
      });
      const label = `${place}${price ? ` · ${price}` : ''}`;
      const video = await videos.create(realtor, { title: label, walkthrough });
      const sourceKey = `videos/${video.id}/source.mp4`;
      const bytes = await readFile(clip);
      await storage.put(sourceKey, bytes, 'video/mp4');
      await spots.create(realtor, walkthrough, {
        title: property.name,
        caption: `${label}. Swipe up for the full walkthrough.`,
        video_id: video.id,
      });
      // The same step a finished upload takes: processing, then the real media:transcode job.
      await videos.startProcessing(video, {
        sourceKey,
        uploadSize: bytes.length,
        uploadOffset: bytes.length,
        sourceName: `demo-${i + 1}.mp4`,
        duration: info.duration,
        width: info.width,
        height: info.height,
      });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  publishWhenReady(app, realtor, logger);
  logger.log(
    `Demo spots: ${listings.length} walkthrough videos for realtor@reelty.test queued for transcoding; the spots are published when ready`,
  );
}
