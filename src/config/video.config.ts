import { join } from 'node:path';
import { ConfigError, Env, int } from './env';

/** Video settings (AppConfig.video), read from the environment once at start. */
export interface VideoConfig {
  /** Largest accepted upload in bytes (VIDEO_MAX_UPLOAD_MB, default 1024). */
  maxUploadBytes: number;
  /** Longest accepted clip in seconds (VIDEO_MAX_DURATION_SECONDS, default 600). */
  maxDurationSeconds: number;
  /** Where partial tus uploads wait on this node's disk until they complete. */
  uploadDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** x264 preset for the renditions after the first (VIDEO_X264_PRESET, default superfast: a third less CPU than veryfast). */
  preset: string;
  /** HLS segment length in seconds. */
  segmentSeconds: number;
  /** Transcode attempts before a video is marked errored (a crashed worker's job is retried within these). */
  transcodeAttempts: number;
  /** Length of each generated demo clip (DEMO_CLIP_SECONDS, default 4); the tests that seed use 1 to transcode less. */
  demoClipSeconds: number;
}

export const VIDEO_CONFIG = Symbol('VIDEO_CONFIG');

export function loadVideoConfig(app: { storageDir: string }, env: Env): VideoConfig {
  const preset = env.VIDEO_X264_PRESET || 'superfast';
  const presets = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'];
  if (!presets.includes(preset))
    throw new ConfigError(`VIDEO_X264_PRESET must be one of ${presets.join(', ')}, got "${preset}"`);
  const maxUploadKb = env.VIDEO_MAX_UPLOAD_KB
    ? int(env, 'VIDEO_MAX_UPLOAD_KB', 0, 1, 1024 * 1024 * 100)
    : int(env, 'VIDEO_MAX_UPLOAD_MB', 1024, 1, 1024 * 100) * 1024;
  return {
    maxUploadBytes: maxUploadKb * 1024,
    maxDurationSeconds: int(env, 'VIDEO_MAX_DURATION_SECONDS', 600, 1, 6 * 3600),
    uploadDir: env.VIDEO_UPLOAD_DIR || join(app.storageDir, 'uploads', 'video'),
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    preset,
    segmentSeconds: int(env, 'VIDEO_HLS_SEGMENT_SECONDS', 4, 1, 20),
    transcodeAttempts: int(env, 'VIDEO_TRANSCODE_ATTEMPTS', 3, 1, 10),
    demoClipSeconds: int(env, 'DEMO_CLIP_SECONDS', 4, 1, 30),
  };
}
