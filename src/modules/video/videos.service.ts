import { ConflictException, Inject, Injectable, Logger, NotFoundException, Optional } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import { JobsService } from '../jobs';
import { NotificationsService } from '../notifications';
import { Broadcaster } from '../realtime';
import { StorageService } from '../storage';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { Video, VideoStatus, Walkthrough } from './entities';
import { newPlaybackId, newSlug } from './ids';
import { SpotPublishHolds } from './spot-publish-holds';
import { VideoAccessService } from './video-access.service';
import { VideoRepository } from './video.repository';
import { VIDEO_CONFIG, type VideoConfig } from '../../config/video.config';
import { toVideoJson } from './video.mapper';
import { requireVideoManager } from './video.policy';

export const VIDEO_STATUS_EVENT = 'video.status';
export const TRANSCODE_JOB = 'transcode';
export const POSTER_JOB = 'video-poster';
export const videoOwnerChannel = (userId: string) => `private-App.Models.User.${userId}`;

export interface VideoChanges {
  title?: string;
  position?: number;
  trim_start?: number | null;
  trim_end?: number | null;
  cover_time?: number | null;
}

/** Videos: creation, edits, status changes (broadcast live to the owner), retries and deletion with their files. */
@Injectable()
export class VideosService {
  private readonly logger = new Logger('Videos');

  constructor(
    private readonly repo: VideoRepository,
    private readonly storage: StorageService,
    private readonly jobs: JobsService,
    private readonly access: VideoAccessService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly holds: SpotPublishHolds,
    @Optional() private readonly broadcaster?: Broadcaster,
    @Optional() private readonly notifications?: NotificationsService,
  ) {}

  async find(id: string): Promise<Video> {
    const video = isUuid(id) ? await this.repo.findVideo({ id }) : null;
    if (!video) throw new NotFoundException('There is no video with that id.');
    return video;
  }

  async findBySlug(slug: string): Promise<Video | null> {
    return this.repo.findVideo({ slug });
  }

  /** The video with this playback id (callers check the id's shape first). */
  async findByPlaybackId(playbackId: string): Promise<Video | null> {
    return this.repo.findVideo({ playbackId });
  }

  /** The video, if `user` may change it: 404 unknown, 403 someone else's. */
  async findManageable(user: User, id: string): Promise<Video> {
    const video = await this.find(id);
    requireVideoManager(this.access.canManage(video, user), 'video');
    return video;
  }

  /** A video waiting for its upload, optionally the last of a walkthrough. */
  async create(user: User, input: { title?: string; walkthrough?: Walkthrough | null }): Promise<Video> {
    const position = input.walkthrough ? await this.repo.nextPosition(input.walkthrough.id) : 0;
    const title = (input.title ?? '').trim().slice(0, 160);
    return this.repo.insertVideo({
      slug: newSlug(title),
      playbackId: newPlaybackId(),
      userId: input.walkthrough?.userId ?? user.id,
      walkthroughId: input.walkthrough?.id ?? null,
      position,
      title,
      status: 'uploading',
    });
  }

  async update(video: Video, changes: VideoChanges): Promise<Video> {
    if (changes.title !== undefined) video.title = changes.title.trim().slice(0, 160);
    if (changes.position !== undefined) video.position = changes.position;
    const trimStart = changes.trim_start !== undefined ? changes.trim_start : video.trimStart;
    const trimEnd = changes.trim_end !== undefined ? changes.trim_end : video.trimEnd;
    if (trimStart !== null && trimEnd !== null && trimEnd <= trimStart) {
      throw ValidationFailedException.of('trim_end', 'The end point must come after the start point.');
    }
    if (video.duration !== null) {
      if (trimStart !== null && trimStart >= video.duration)
        throw ValidationFailedException.of('trim_start', 'The start point is past the end of the video.');
      if (trimEnd !== null && trimEnd > video.duration + 0.05)
        throw ValidationFailedException.of('trim_end', 'The end point is past the end of the video.');
      if (changes.cover_time != null && changes.cover_time > video.duration)
        throw ValidationFailedException.of('cover_time', 'The cover frame is past the end of the video.');
    }
    video.trimStart = trimStart;
    video.trimEnd = trimEnd;
    const coverChanged = changes.cover_time !== undefined && changes.cover_time !== video.coverTime;
    if (changes.cover_time !== undefined) video.coverTime = changes.cover_time;
    const saved = await this.repo.saveVideo(video);
    if (coverChanged && saved.status === 'ready' && saved.sourceKey) {
      await this.jobs.dispatch('media', POSTER_JOB, {
        videoId: saved.id,
        at: saved.coverTime ?? defaultPosterTime(saved.duration ?? 0),
      });
    }
    return saved;
  }

  /** Sets the order of a walkthrough's videos (ids in the new order) in one transaction. */
  async reorder(walkthrough: Walkthrough, ids: string[]): Promise<void> {
    await this.repo.transaction((m) => this.repo.setPositions(m, walkthrough.id, ids));
  }

  /** Removes the video and every file it has (source, renditions, poster, a partial upload). */
  /** Deletes the video and its files, unless a published spot showing it is held by another area (409 with why). */
  async delete(video: Video): Promise<void> {
    for (const spot of await this.repo.publishedSpotsOfVideo(video.id)) {
      const held = await this.holds.reason(spot, 'delete_video');
      if (held) throw new ConflictException(held);
    }
    await this.repo.deleteVideo(video.id);
    this.access.forget(video.id);
    await this.storage.deletePrefix(`videos/${video.id}/`);
  }

  async retry(video: Video): Promise<Video> {
    if (video.status !== 'errored')
      throw ValidationFailedException.of('status', 'Only a video whose processing failed can be retried.');
    if (!video.sourceKey || !(await this.storage.stat(video.sourceKey))) {
      throw ValidationFailedException.of('file', 'The uploaded file is gone: upload the video again.');
    }
    await this.startProcessing(video, {});
    return video;
  }

  /** uploading/errored → processing, then queues the transcode. */
  async startProcessing(video: Video, patch: Partial<Video>): Promise<void> {
    await this.setStatus(video, 'processing', { ...patch, error: null, progress: 0 });
    await this.jobs.dispatch(
      'media',
      TRANSCODE_JOB,
      { videoId: video.id },
      { attempts: this.config.transcodeAttempts, backoffMs: 2000 },
    );
  }

  async setStatus(video: Video, status: VideoStatus, patch: Partial<Video> = {}): Promise<Video> {
    Object.assign(video, patch, { status });
    await this.repo.updateVideo({ id: video.id }, { ...patch, status });
    this.access.forget(video.id);
    await this.broadcastStatus(video);
    return video;
  }

  /** Progress while processing: stored and pushed (callers throttle). */
  async setProgress(video: Video, progress: number): Promise<void> {
    video.progress = Math.max(0, Math.min(100, Math.round(progress)));
    await this.repo.updateVideo({ id: video.id, status: 'processing' }, { progress: video.progress });
    await this.broadcastStatus(video);
  }

  async broadcastStatus(video: Video): Promise<void> {
    const json = toVideoJson(video, { id: video.userId });
    await this.broadcaster?.broadcast(videoOwnerChannel(video.userId), VIDEO_STATUS_EVENT, {
      id: video.id,
      slug: video.slug,
      status: video.status,
      progress: video.progress,
      error: video.error,
      video: json,
    });
  }

  /**
   * Transcodes completed in [start, end): videos (walkthrough clips and the spots cut from them) that became
   * watchable then, for the admin metrics rollup.
   */
  transcodedBetween(start: Date, end: Date): Promise<number> {
    return this.repo.videosReadyBetween(start, end);
  }

  async notifyOwner(video: Video, kind: 'video_ready' | 'video_failed'): Promise<void> {
    if (!this.notifications) return;
    const name = video.title || 'Your video';
    const url = await this.editorUrl(video);
    try {
      await this.notifications.notify(video.userId, {
        kind,
        title: kind === 'video_ready' ? `${name} is ready to watch` : `${name} could not be processed`,
        body: kind === 'video_failed' ? (video.error ?? undefined) : undefined,
        url,
        data: { video_id: video.id, playback_id: video.playbackId },
      });
    } catch (error) {
      this.logger.warn(`notification for video ${video.id} failed: ${(error as Error).message}`);
    }
  }

  private async editorUrl(video: Video): Promise<string> {
    if (video.walkthroughId) {
      const walkthrough = await this.repo.findWalkthrough({ id: video.walkthroughId });
      if (walkthrough) return `/walkthroughs/${walkthrough.slug}/edit`;
    }
    return `/embed/video/${video.playbackId}`;
  }
}

export function defaultPosterTime(duration: number): number {
  return Math.min(1, Math.max(0, duration * 0.1));
}
