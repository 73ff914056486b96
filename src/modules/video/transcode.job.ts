import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { join, relative } from 'node:path';
import type { JobContext, JobHandler } from '../jobs';
import { StorageService } from '../storage';
import { contentTypeForKey } from '../storage';
import { Rendition, Video } from './entities';
import {
  demuxerFor,
  extractPoster,
  ladderFor,
  mergeMasterPlaylists,
  NotAVideoError,
  probe,
  type ProbeResult,
  type Rung,
  TranscodeError,
  transcodeHls,
} from './media/ffmpeg';
import { makeWorkDir } from './media/work-dir';
import { VIDEO_CONFIG, type VideoConfig } from '../../config/video.config';
import { defaultPosterTime, VideosService } from './videos.service';
import { VideoRepository } from './video.repository';
import { Clock } from '../../common/clock';

export interface TranscodeJobData {
  videoId: string;
}

export interface PosterJobData {
  videoId: string;
  at: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
}

/** The x264 preset of the first rendition: it decides how soon a new video can be watched. */
const FIRST_RENDITION_PRESET = 'superfast';

/**
 * media:transcode — source → HLS ladder (renditions at or below the source among 360p/720p/1080p),
 * master playlist, poster and duration, written to storage under videos/<id>/.
 *
 * Two steps, so a video can be watched within seconds of its upload:
 *   1. the smallest rendition alone (fast preset) + poster → the video is `ready` with one rendition;
 *   2. one decode split into every other rendition (configured preset) → the master playlist lists
 *      them all (playlists are served `no-cache`, so players pick the new master up on their next load).
 * Idempotent: a retried job starts step 1 from the source while the video is processing, and runs only
 * step 2 when the video is ready with fewer renditions than its ladder. Failures that retrying cannot fix,
 * or the last attempt, mark a processing video errored; a ready video keeps its first rendition.
 */
@Injectable()
export class TranscodeJob implements JobHandler<TranscodeJobData> {
  private readonly logger = new Logger('TranscodeJob');

  constructor(
    private readonly videos: VideosService,
    private readonly repo: VideoRepository,
    private readonly storage: StorageService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly clock: Clock,
  ) {}

  async handle(data: TranscodeJobData, ctx: JobContext): Promise<unknown> {
    const video = await this.repo.findVideo({ id: data.videoId });
    if (!video?.sourceKey) return { skipped: true };
    const ladderPending = video.status === 'ready' && !!video.width && !!video.height && missingRungs(video).length > 0;
    if (video.status !== 'processing' && !ladderPending) return { skipped: true };
    const started = performance.now();
    const work = await makeWorkDir('transcode');
    let source: { path: string; release(): Promise<void> } | null = null;
    try {
      source = await this.storage.localCopy(video.sourceKey);
      const demuxer = await demuxerFor(source.path);
      const info = await probe(this.config.ffprobePath, source.path);
      const input = { path: source.path, demuxer, info, work };
      if (video.status === 'processing') await this.firstRendition(video, input, ctx);
      const firstSeconds = (performance.now() - started) / 1000;
      const rest = missingRungs(video);
      if (rest.length) await this.restOfLadder(video, input, rest, ctx);
      const seconds = (performance.now() - started) / 1000;
      this.logger.log(
        `video ${video.id}: ${video.renditions.map((r) => r.name).join('/')} in ${seconds.toFixed(1)} s ` +
          `(first rendition ${firstSeconds.toFixed(1)} s; ${(info.duration / seconds).toFixed(2)}× real time)`,
      );
      return { renditions: video.renditions.map((r) => r.name), seconds, firstRenditionSeconds: firstSeconds };
    } catch (error) {
      const permanent = error instanceof NotAVideoError || (error instanceof TranscodeError && !error.retryable);
      const lastAttempt = ctx.attempt >= this.config.transcodeAttempts;
      this.logger.warn(`video ${video.id} attempt ${ctx.attempt}: ${(error as Error).message}`);
      if (!permanent && !lastAttempt) throw error; // the queue retries it with backoff
      const current = await this.repo.findVideo({ id: video.id });
      if (!current || current.status !== 'processing') return { skipped: true };
      await this.videos.setStatus(current, 'errored', { error: reasonFor(error as Error), progress: 0 });
      await this.videos.notifyOwner(current, 'video_failed');
      return { errored: true };
    } finally {
      await source?.release().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Step 1: the smallest rendition and the poster; the video becomes watchable. */
  private async firstRendition(video: Video, input: TranscodeInput, ctx: JobContext): Promise<void> {
    const first = ladderFor(input.info.width, input.info.height).slice(0, 1);
    let lastSent = -Infinity;
    const outDir = join(input.work, 'first');
    await transcodeHls({
      ...this.ffmpegInput(input, outDir),
      preset: FIRST_RENDITION_PRESET,
      rungs: first,
      onProgress: (fraction) => {
        const now = performance.now();
        if (now - lastSent < 1000) return;
        lastSent = now;
        const percent = Math.round(fraction * 95);
        void ctx.progress(percent);
        void this.videos.setProgress(video, percent).catch(() => undefined);
      },
    });
    const posterAt = Math.min(
      video.coverTime ?? defaultPosterTime(input.info.duration),
      Math.max(0, input.info.duration - 0.1),
    );
    await extractPoster(this.config.ffmpegPath, input.path, input.demuxer, posterAt, join(input.work, 'poster.jpg'));

    // Replace whatever an earlier, interrupted attempt left behind.
    await this.storage.deletePrefix(`videos/${video.id}/hls/`);
    await this.upload(video, outDir);
    const posterKey = `videos/${video.id}/poster-${randomBytes(4).toString('hex')}.jpg`;
    await this.storage.put(posterKey, createReadStream(join(input.work, 'poster.jpg')), 'image/jpeg');
    const oldPoster = video.posterKey;
    await this.videos.setStatus(video, 'ready', {
      duration: input.info.duration,
      width: input.info.width,
      height: input.info.height,
      renditions: first.map((rung) => renditionOf(video, rung)),
      manifestKey: `videos/${video.id}/hls/master.m3u8`,
      posterKey,
      progress: 100,
      error: null,
      readyAt: this.clock.now(),
    });
    if (oldPoster && oldPoster !== posterKey) await this.storage.delete(oldPoster).catch(() => undefined);
    await this.videos.notifyOwner(video, 'video_ready');
  }

  /** Step 2: one decode split into the remaining renditions; then one master playlist for all. */
  private async restOfLadder(video: Video, input: TranscodeInput, rungs: Rung[], ctx: JobContext): Promise<void> {
    const outDir = join(input.work, 'rest');
    await transcodeHls({
      ...this.ffmpegInput(input, outDir),
      preset: this.config.preset,
      rungs,
      onProgress: (fraction) => void ctx.progress(Math.round(95 + fraction * 5)),
    });
    const firstMaster = await this.storage.read(`videos/${video.id}/hls/master.m3u8`).then(readText);
    const restMaster = await readFile(join(outDir, 'master.m3u8'), 'utf8');
    await rm(join(outDir, 'master.m3u8'));
    // Variant files first, the master that points at them last.
    await this.upload(video, outDir);
    await this.storage.put(
      `videos/${video.id}/hls/master.m3u8`,
      Buffer.from(mergeMasterPlaylists([firstMaster, restMaster])),
      contentTypeForKey('master.m3u8'),
    );
    await this.videos.setStatus(video, 'ready', {
      renditions: [...video.renditions, ...rungs.map((rung) => renditionOf(video, rung))],
    });
  }

  private ffmpegInput(input: TranscodeInput, outDir: string) {
    return {
      ffmpeg: this.config.ffmpegPath,
      input: input.path,
      demuxer: input.demuxer,
      outDir,
      probe: input.info,
      segmentSeconds: this.config.segmentSeconds,
    };
  }

  private async upload(video: Video, dir: string): Promise<void> {
    const files = await listFiles(dir);
    // Playlists after their segments, so no playlist names a segment that is not there yet.
    files.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
    for (const file of files) {
      const key = `videos/${video.id}/hls/${relative(dir, file).split('\\').join('/')}`;
      await this.storage.put(key, createReadStream(file), contentTypeForKey(key));
    }
  }
}

interface TranscodeInput {
  path: string;
  demuxer: string;
  info: ProbeResult;
  work: string;
}

function renditionOf(video: Pick<Video, 'id'>, rung: Rung): Rendition {
  return {
    name: rung.name,
    width: rung.width,
    height: rung.height,
    bandwidth: rung.maxrateKbps * 1000,
    playlist: `videos/${video.id}/hls/${rung.name}/index.m3u8`,
  };
}

/** Rungs of the source's ladder the video does not have yet. */
function missingRungs(video: Pick<Video, 'width' | 'height' | 'renditions'>): Rung[] {
  const have = new Set((video.renditions ?? []).map((r) => r.name));
  return ladderFor(video.width ?? 0, video.height ?? 0).filter((rung) => !have.has(rung.name));
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function reasonFor(error: Error): string {
  if (error instanceof NotAVideoError) return error.message;
  return `Processing failed: ${error.message}`.slice(0, 1000);
}

/** media:video-poster — a new cover frame picked in the editor. */
@Injectable()
export class PosterJob implements JobHandler<PosterJobData> {
  constructor(
    private readonly videos: VideosService,
    private readonly repo: VideoRepository,
    private readonly storage: StorageService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
  ) {}

  async handle(data: PosterJobData): Promise<unknown> {
    const video = await this.repo.findVideo({ id: data.videoId });
    if (!video || video.status !== 'ready' || !video.sourceKey) return { skipped: true };
    const work = await makeWorkDir('poster');
    const source = await this.storage.localCopy(video.sourceKey);
    try {
      const demuxer = await demuxerFor(source.path);
      const at = Math.min(Math.max(0, data.at), Math.max(0, (video.duration ?? 0) - 0.1));
      await extractPoster(this.config.ffmpegPath, source.path, demuxer, at, join(work, 'poster.jpg'));
      const posterKey = `videos/${video.id}/poster-${randomBytes(4).toString('hex')}.jpg`;
      await this.storage.put(posterKey, createReadStream(join(work, 'poster.jpg')), 'image/jpeg');
      const old = video.posterKey;
      await this.videos.setStatus(video, 'ready', { posterKey });
      if (old && old !== posterKey) await this.storage.delete(old).catch(() => undefined);
      return { posterKey };
    } finally {
      await source.release().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  }
}
