import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { JobContext, JobHandler } from '../jobs';
import { StorageService } from '../storage';
import { contentTypeForKey } from '../storage';
import { Rendition } from './entities';
import { demuxerFor, extractPoster, NotAVideoError, probe, TranscodeError, transcodeHls } from './media/ffmpeg';
import { VIDEO_CONFIG, type VideoConfig } from './video.config';
import { defaultPosterTime, VideosService } from './videos.service';

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

/**
 * media:transcode — source → HLS ladder (renditions at or below the source among 360p/720p/1080p),
 * master playlist, poster and duration, written to storage under videos/<id>/. Idempotent: a
 * retried job (ffmpeg killed, worker crashed and its job picked up again) starts from the source.
 * Failures that retrying cannot fix, or the last attempt, mark the video errored with the reason.
 */
@Injectable()
export class TranscodeJob implements JobHandler<TranscodeJobData> {
  private readonly logger = new Logger('TranscodeJob');

  constructor(
    private readonly videos: VideosService,
    private readonly storage: StorageService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
  ) {}

  async handle(data: TranscodeJobData, ctx: JobContext): Promise<unknown> {
    const video = await this.videos.repo.findOneBy({ id: data.videoId });
    if (!video || video.status !== 'processing' || !video.sourceKey) return { skipped: true };
    const started = Date.now();
    const work = await mkdtemp(join(tmpdir(), 'reelty-transcode-'));
    let source: { path: string; release(): Promise<void> } | null = null;
    try {
      source = await this.storage.localCopy(video.sourceKey);
      const demuxer = await demuxerFor(source.path);
      const info = await probe(this.config.ffprobePath, source.path);
      let lastSent = 0;
      const rungs = await transcodeHls({
        ffmpeg: this.config.ffmpegPath,
        input: source.path,
        demuxer,
        outDir: join(work, 'hls'),
        probe: info,
        preset: this.config.preset,
        segmentSeconds: this.config.segmentSeconds,
        onProgress: (fraction) => {
          const now = Date.now();
          if (now - lastSent < 1000) return;
          lastSent = now;
          const percent = Math.round(fraction * 95);
          void ctx.progress(percent);
          void this.videos.setProgress(video, percent).catch(() => undefined);
        },
      });
      const posterAt = Math.min(video.coverTime ?? defaultPosterTime(info.duration), Math.max(0, info.duration - 0.1));
      await extractPoster(this.config.ffmpegPath, source.path, demuxer, posterAt, join(work, 'poster.jpg'));

      // Replace whatever an earlier, interrupted attempt left behind.
      await this.storage.deletePrefix(`videos/${video.id}/hls/`);
      for (const file of await listFiles(join(work, 'hls'))) {
        const key = `videos/${video.id}/hls/${relative(join(work, 'hls'), file).split('\\').join('/')}`;
        await this.storage.put(key, createReadStream(file), contentTypeForKey(key));
      }
      const posterKey = `videos/${video.id}/poster-${randomBytes(4).toString('hex')}.jpg`;
      await this.storage.put(posterKey, createReadStream(join(work, 'poster.jpg')), 'image/jpeg');
      const oldPoster = video.posterKey;

      const renditions: Rendition[] = rungs.map((rung) => ({
        name: rung.name,
        width: rung.width,
        height: rung.height,
        bandwidth: rung.maxrateKbps * 1000,
        playlist: `videos/${video.id}/hls/${rung.name}/index.m3u8`,
      }));
      await this.videos.setStatus(video, 'ready', {
        duration: info.duration,
        width: info.width,
        height: info.height,
        renditions,
        manifestKey: `videos/${video.id}/hls/master.m3u8`,
        posterKey,
        progress: 100,
        error: null,
        readyAt: new Date(),
      });
      if (oldPoster && oldPoster !== posterKey) await this.storage.delete(oldPoster).catch(() => undefined);
      await this.videos.notifyOwner(video, 'video_ready');
      const seconds = (Date.now() - started) / 1000;
      this.logger.log(
        `video ${video.id}: ${rungs.map((r) => r.name).join('/')} in ${seconds.toFixed(1)} s (${(info.duration / seconds).toFixed(2)}× real time)`,
      );
      return { renditions: rungs.map((r) => r.name), seconds };
    } catch (error) {
      const permanent = error instanceof NotAVideoError || (error instanceof TranscodeError && !error.retryable);
      const lastAttempt = ctx.attempt >= this.config.transcodeAttempts;
      this.logger.warn(`video ${video.id} attempt ${ctx.attempt}: ${(error as Error).message}`);
      if (!permanent && !lastAttempt) throw error; // the queue retries it with backoff
      const current = await this.videos.repo.findOneBy({ id: video.id });
      if (!current) return { skipped: true };
      await this.videos.setStatus(current, 'errored', { error: reasonFor(error as Error), progress: 0 });
      await this.videos.notifyOwner(current, 'video_failed');
      return { errored: true };
    } finally {
      await source?.release().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  }
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
    private readonly storage: StorageService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
  ) {}

  async handle(data: PosterJobData): Promise<unknown> {
    const video = await this.videos.repo.findOneBy({ id: data.videoId });
    if (!video || video.status !== 'ready' || !video.sourceKey) return { skipped: true };
    const work = await mkdtemp(join(tmpdir(), 'reelty-poster-'));
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
