import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type VideoHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { logger } from '@/lib/logger';
import { pickEngine, type PlaybackEngine } from './playback';
import { usePlayReport } from './usePlayReport';

export interface VideoPlayerProps extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src' | 'poster'> {
  /** Master playlist URL (/media/videos/<id>/hls/master.m3u8). */
  src: string | null;
  poster?: string | null;
  /** Trim points in seconds: playback starts at trimStart and ends (or loops) at trimEnd. */
  trimStart?: number | null;
  trimEnd?: number | null;
  /** Start loading now (the next clip in the feed) even while not playing. */
  preloadNow?: boolean;
  /** Told the time watched so far (ms) and whether the end was reached, on pause, end and unmount (metrics). */
  onPlayReport?: (watchedMs: number, completed: boolean) => void;
}

/**
 * HLS player: native HLS where the browser has it, hls.js (loaded on demand) where it has MSE with
 * H.264, a clear message otherwise. `data-engine` tells which one runs.
 */
export const VideoPlayer = forwardRef<HTMLVideoElement | null, VideoPlayerProps>(function VideoPlayer(
  { src, poster, trimStart, trimEnd, preloadNow, className, onTimeUpdate, onEnded, loop, onPlayReport, ...rest },
  forwarded,
) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useImperativeHandle(forwarded, () => ref.current as HTMLVideoElement);
  const [engine, setEngine] = useState<PlaybackEngine | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  usePlayReport(ref, onPlayReport);

  useEffect(() => {
    const video = ref.current;
    if (!video || !src) return;
    const chosen = pickEngine(video);
    setEngine(chosen);
    setFailed(null);
    if (chosen === 'native') {
      video.src = src;
      if (preloadNow) video.load();
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    if (chosen === 'unsupported') return;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    // The light build: plain adaptive HLS (what our transcodes are), no subtitles/DRM, a third smaller.
    void import('hls.js/light')
      .then(({ default: Hls }) => {
        if (destroyed) return;
        const instance = new Hls({ capLevelToPlayerSize: true, startPosition: trimStart ?? -1, autoStartLoad: true });
        hls = instance;
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) {
            logger.warn('hls.js fatal error', data.type, data.details);
            setFailed('This video could not be loaded.');
          }
        });
        instance.loadSource(src);
        instance.attachMedia(video);
      })
      .catch((error: unknown) => {
        logger.error('hls.js failed to load', error);
        setFailed('The video player could not start.');
      });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
    // trimStart only matters for the first load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, preloadNow]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !trimStart) return;
    const seek = () => {
      if (video.currentTime < trimStart) video.currentTime = trimStart;
    };
    video.addEventListener('loadedmetadata', seek);
    return () => video.removeEventListener('loadedmetadata', seek);
  }, [trimStart]);

  return (
    <div className={cn('relative overflow-hidden bg-black', className)}>
      <video
        ref={ref}
        poster={poster ?? undefined}
        playsInline
        data-engine={engine ?? 'pending'}
        preload={preloadNow ? 'auto' : 'metadata'}
        className="h-full w-full object-contain"
        loop={loop && !trimEnd}
        onTimeUpdate={(event) => {
          const video = event.currentTarget;
          if (trimEnd && video.currentTime >= trimEnd) {
            if (loop) video.currentTime = trimStart ?? 0;
            else {
              video.pause();
              onEnded?.(event);
            }
          }
          onTimeUpdate?.(event);
        }}
        onEnded={onEnded}
        {...rest}
      />
      {(engine === 'unsupported' || failed) && (
        <div
          role="alert"
          className="absolute inset-0 flex items-center justify-center bg-black/80 p-4 text-center text-sm text-white"
        >
          {failed ?? 'This browser cannot play H.264 video streams. Try Safari, Chrome, Edge or Firefox.'}
        </div>
      )}
      {!src && (
        <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-300">
          Video not ready yet
        </div>
      )}
    </div>
  );
});
