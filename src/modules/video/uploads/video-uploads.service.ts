import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type DataStore, type Upload } from '@tus/server';
import { createReadStream } from 'node:fs';
import { mkdirSync } from 'node:fs';
import type Redis from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Request } from 'express';
import { formatBytes, StorageService } from '../../storage';
import type { User } from '../../users';
import { Video } from '../entities';
import { demuxerFor, NotAVideoError, probe } from '../media/ffmpeg';
import { VIDEO_CONFIG, type VideoConfig } from '../../../config/video.config';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { REDIS, REDIS_KEY_PREFIX } from '../../../infra/runtime.module';
import { RedisLocker } from './redis-locker';
import { StorageTusStore } from './storage-tus.store';
import { UPLOAD_ENDPOINT } from '../video.mapper';
import { VideoRepository } from '../video.repository';
import { VideosService } from '../videos.service';
import { Clock } from '../../../common/clock';
import { randomBytes } from 'node:crypto';

type TusRefusal = { status_code: number; body: string };
const refuse = (status: number, message: string): TusRefusal => ({
  status_code: status,
  body: JSON.stringify({ message }),
});

const EXT_BY_DEMUXER: Record<string, string> = { mov: 'mp4', matroska: 'webm' };

const EXPIRATION_MS = 24 * 3600_000;

/**
 * Resumable uploads over the tus protocol (@tus/server). Unfinished uploads live where the media does:
 * on this node's disk with local storage (one node), in the object store with STORAGE_DRIVER=s3, where
 * every node sees them; with Redis, the per-upload lock is held in Redis too, so a PATCH may land on any
 * node and an upload resumes after the node that took its first bytes died.
 * A client creates a video first, then POSTs /api/video-uploads with metadata videoSlug; the upload
 * survives dropped connections and reloads (HEAD gives the offset, PATCH continues). Sizes are
 * capped at creation; on completion ffprobe reads the bytes (type, duration cap) before the file
 * goes to storage and the transcode is queued.
 */
@Injectable()
export class VideoUploadsService implements OnModuleDestroy {
  private readonly logger = new Logger('VideoUploads');
  readonly tus: Server;
  private readonly store: DataStore;
  private readonly locker: RedisLocker | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly videos: VideosService,
    private readonly repo: VideoRepository,
    private readonly storage: StorageService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    @Inject(APP_CONFIG) app: AppConfig,
    @Inject(REDIS) redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) prefix: string,
    private readonly clock: Clock,
  ) {
    if (app.storage.driver === 's3') this.store = new StorageTusStore(storage, EXPIRATION_MS, this.clock);
    else {
      mkdirSync(config.uploadDir, { recursive: true });
      this.store = new FileStore({ directory: config.uploadDir, expirationPeriodInMilliseconds: EXPIRATION_MS });
    }
    this.locker = redis ? new RedisLocker(redis, redis.duplicate(), `${prefix}:`) : undefined;
    this.tus = new Server({
      path: UPLOAD_ENDPOINT,
      datastore: this.store,
      locker: this.locker,
      relativeLocation: true,
      respectForwardedHeaders: false,
      postReceiveInterval: 1000,
      namingFunction: (req, metadata) => this.uploadIdFor(req, metadata),
      onIncomingRequest: (req, _res, uploadId) => this.authorize(req, uploadId),
      onUploadCreate: async (req, res, upload) => {
        await this.onCreate(req, upload);
        return res;
      },
      onUploadFinish: async (req, res, upload) => {
        await this.onFinish(upload);
        return res;
      },
    });
    // Offsets are kept on the video so the editor can show how far an interrupted upload got.
    this.tus.on(EVENTS.POST_RECEIVE_V2, (_req, upload) => {
      void this.repo
        .updateVideo({ uploadId: upload.id, status: 'uploading' }, { uploadOffset: upload.offset })
        .catch(() => undefined);
    });
    this.sweeper = setInterval(() => void this.tus.cleanUpExpiredUploads().catch(() => undefined), 3600_000);
    this.sweeper.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    await this.locker?.close();
  }

  handle(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    return this.tus.handle(req, res);
  }

  /** Removes a partial upload's bytes (the video was deleted or gets a new upload). */
  async discard(uploadId: string | null): Promise<void> {
    if (!uploadId) return;
    await this.store.remove(uploadId).catch(() => undefined);
  }

  private user(req: IncomingMessage): User | undefined {
    return (req as Request).user;
  }

  /** The upload id names the video so an orphaned file on disk is traceable: <videoId>-<random>. */
  private async uploadIdFor(req: IncomingMessage, metadata?: Record<string, string | null>): Promise<string> {
    const video = await this.videoFor(req, metadata);
    return `${video.id}-${randomBytes(6).toString('hex')}`;
  }

  private async videoFor(req: IncomingMessage, metadata?: Record<string, string | null>): Promise<Video> {
    const user = this.user(req);
    if (!user) throw refuse(401, 'Please log in to continue.');
    const slug = metadata?.videoSlug;
    if (!slug) throw refuse(422, 'The upload must name its video (metadata videoSlug).');
    const video = await this.videos.findBySlug(slug);
    if (!video) throw refuse(404, 'There is no video with that slug.');
    if (video.userId !== user.id) throw refuse(403, 'You cannot upload to a video that is not yours.');
    if (video.status !== 'uploading') throw refuse(409, 'This video already has its file.');
    return video;
  }

  private async onCreate(req: IncomingMessage, upload: Upload): Promise<void> {
    const video = await this.videoFor(req, upload.metadata);
    if (upload.sizeIsDeferred || upload.size === undefined)
      throw refuse(422, 'Send the file size when the upload starts (Upload-Length).');
    if (upload.size > this.config.maxUploadBytes) {
      throw refuse(413, `The file is too large: the limit is ${formatBytes(this.config.maxUploadBytes)}.`);
    }
    if (upload.size === 0) throw refuse(422, 'The file is empty.');
    if (video.uploadId && video.uploadId !== upload.id) await this.discard(video.uploadId);
    await this.repo.updateVideo(
      { id: video.id },
      {
        uploadId: upload.id,
        uploadSize: upload.size,
        uploadOffset: 0,
        sourceName: (upload.metadata?.filename ?? '').slice(0, 255) || null,
      },
    );
  }

  /** HEAD/PATCH/DELETE on an upload: only its owner, only while its video waits for the file. */
  private async authorize(req: IncomingMessage, uploadId: string): Promise<void> {
    if (req.method === 'POST' || req.method === 'OPTIONS') return;
    const user = this.user(req);
    if (!user) throw refuse(401, 'Please log in to continue.');
    const video = await this.repo.findVideo({ uploadId });
    if (!video) throw refuse(404, 'This upload does not exist any more.');
    if (video.userId !== user.id) throw refuse(403, 'This upload is not yours.');
  }

  private async onFinish(upload: Upload): Promise<void> {
    const video = await this.repo.findVideo({ uploadId: upload.id });
    if (!video) throw refuse(404, 'This upload does not exist any more.');
    const copy =
      this.store instanceof StorageTusStore
        ? await this.store.localCopy(upload.id)
        : { path: join(this.config.uploadDir, upload.id), release: async () => undefined };
    try {
      await this.finishFrom(copy.path, video, upload);
    } finally {
      await copy.release();
    }
  }

  private async finishFrom(path: string, video: Video, upload: Upload): Promise<void> {
    let demuxer: string;
    let info: Awaited<ReturnType<typeof probe>>;
    try {
      demuxer = await demuxerFor(path);
      info = await probe(this.config.ffprobePath, path);
    } catch (error) {
      await this.discard(upload.id);
      await this.repo.updateVideo({ id: video.id }, { uploadId: null, uploadOffset: 0, uploadSize: null });
      if (error instanceof NotAVideoError) throw refuse(422, error.message);
      throw error;
    }
    if (info.duration > this.config.maxDurationSeconds + 0.5) {
      await this.discard(upload.id);
      await this.repo.updateVideo({ id: video.id }, { uploadId: null, uploadOffset: 0, uploadSize: null });
      throw refuse(
        422,
        `The video is too long: the limit is ${formatDuration(this.config.maxDurationSeconds)} (this one is ${formatDuration(Math.round(info.duration))}).`,
      );
    }
    const sourceKey = `videos/${video.id}/source.${EXT_BY_DEMUXER[demuxer] ?? 'mp4'}`;
    await this.storage.put(sourceKey, createReadStream(path), demuxer === 'matroska' ? 'video/webm' : 'video/mp4');
    await this.discard(upload.id);
    await this.videos.startProcessing(video, {
      sourceKey,
      uploadOffset: upload.size ?? video.uploadSize ?? 0,
      duration: info.duration,
      width: info.width,
      height: info.height,
    });
    this.logger.log(
      `video ${video.id}: upload complete (${formatBytes(upload.size ?? 0)}, ${info.width}x${info.height}, ${info.duration.toFixed(1)} s)`,
    );
  }
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} minutes`;
}
