import { useCallback, useEffect, useRef, useState } from 'react';
import * as tus from 'tus-js-client';
import { VIDEO_UPLOADS_ENDPOINT } from '@/api/video';
import type { UploadLimits, Video } from '@contracts/video';
import { csrfHeaders } from '@/lib/http';
import { logger } from '@/lib/logger';

/** Spec 3 "Upload state": kept per video in the browser so an upload can be resumed after a reload. */
export interface UploadState {
  videoSlug: string;
  completed: boolean;
}

const KEY = (slug: string) => `reelty.video-upload.${slug}`;
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

export function readUploadState(slug: string): UploadState | null {
  try {
    const raw = window.localStorage.getItem(KEY(slug));
    const parsed = raw ? (JSON.parse(raw) as UploadState) : null;
    return parsed && parsed.videoSlug === slug ? parsed : null;
  } catch {
    return null;
  }
}

export function writeUploadState(state: UploadState): void {
  try {
    if (state.completed) window.localStorage.removeItem(KEY(state.videoSlug));
    else window.localStorage.setItem(KEY(state.videoSlug), JSON.stringify(state));
  } catch (error) {
    logger.warn('could not store the upload state', error);
  }
}

/** A tus upload failure as a message: the server's answer is inside the tus error, not an ApiError. */
function tusFailureMessage(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } | null }).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { message?: string };
      if (body.message) return body.message;
    } catch {
      /* not JSON */
    }
    if (response.getStatus() === 413) return 'The file is too large.';
  }
  return 'The upload failed. Check your connection and try again: it continues where it stopped.';
}

export interface VideoUpload {
  /** 0–100 while uploading, null before. */
  percent: number | null;
  uploading: boolean;
  error: string | null;
  /** An earlier upload of this video did not finish (e.g. the page was reloaded): pick the same file to continue. */
  canResume: boolean;
  start(file: File): void;
  cancel(): void;
}

/**
 * Resumable upload of a file into a video (tus protocol, 8 MB chunks, retries with back-off).
 * Picking the same file again after a reload continues from the server's offset.
 */
export function useVideoUpload(
  video: Pick<Video, 'slug' | 'status' | 'upload'>,
  limits?: UploadLimits,
  onDone?: () => void,
): VideoUpload {
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [canResume, setCanResume] = useState(false);
  const current = useRef<tus.Upload | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const state = readUploadState(video.slug);
    setCanResume(!!state && !state.completed && video.status === 'uploading');
    if (state && video.status !== 'uploading') writeUploadState({ videoSlug: video.slug, completed: true });
  }, [video.slug, video.status]);

  useEffect(() => () => void current.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      setError(null);
      if (limits && file.size > limits.max_upload_bytes) {
        setError(`The file is too large: the limit is ${Math.round(limits.max_upload_bytes / 1024 / 1024)} MB.`);
        return;
      }
      const upload = new tus.Upload(file, {
        endpoint: video.upload?.endpoint ?? VIDEO_UPLOADS_ENDPOINT,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        metadata: { videoSlug: video.slug, filename: file.name, filetype: file.type },
        headers: csrfHeaders(),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        fingerprint: async (f) =>
          ['reelty', video.slug, (f as File).name, (f as File).size, (f as File).lastModified].join(':'),
        onProgress: (sent, total) => setPercent(total ? Math.floor((sent / total) * 100) : 0),
        onSuccess: () => {
          writeUploadState({ videoSlug: video.slug, completed: true });
          setPercent(100);
          setUploading(false);
          setCanResume(false);
          done.current?.();
        },
        onError: (failure) => {
          setUploading(false);
          setError(tusFailureMessage(failure));
          // A refused file (not a video, too long) cannot be resumed: start clean next time.
          const status =
            (failure as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
          if (status >= 400 && status < 500) void upload.abort(true).catch(() => undefined);
        },
      });
      current.current = upload;
      writeUploadState({ videoSlug: video.slug, completed: false });
      setUploading(true);
      setPercent(0);
      void upload.findPreviousUploads().then((previous) => {
        if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    },
    [video.slug, video.upload?.endpoint, limits],
  );

  const cancel = useCallback(() => {
    void current.current?.abort();
    setUploading(false);
  }, []);

  return { percent, uploading, error, canResume, start, cancel };
}
