import { useEffect, useRef, type RefObject } from 'react';

/** Reached this share of the clip: counted as watched to the end (looping clips never fire `ended`). */
const COMPLETE_AT = 0.95;
/** A timeupdate gap longer than this is a seek, not watching. */
const MAX_STEP_S = 2;

/**
 * Adds up the seconds a video element actually played (seeks skipped) and reports the running total, with whether
 * the end was reached, when playback pauses or ends and when the player goes away. Reports only after something
 * new was watched.
 */
export function usePlayReport(
  ref: RefObject<HTMLVideoElement | null>,
  report: ((watchedMs: number, completed: boolean) => void) | undefined,
): void {
  const reportRef = useRef(report);
  reportRef.current = report;
  useEffect(() => {
    const video = ref.current;
    if (!video || !reportRef.current) return;
    let watched = 0;
    let last = video.currentTime;
    let completed = false;
    let sent = -1;
    const send = () => {
      if (watched > 0 && Math.round(watched * 1000) !== sent) {
        sent = Math.round(watched * 1000);
        reportRef.current?.(sent, completed);
      }
    };
    const tick = () => {
      const step = video.currentTime - last;
      last = video.currentTime;
      if (!video.paused && step > 0 && step < MAX_STEP_S) watched += step;
      if (video.duration && video.currentTime >= video.duration * COMPLETE_AT) completed = true;
    };
    const ended = () => {
      completed = true;
      send();
    };
    const seeked = () => {
      last = video.currentTime;
    };
    const hidden = () => document.visibilityState === 'hidden' && send();
    video.addEventListener('timeupdate', tick);
    video.addEventListener('seeked', seeked);
    video.addEventListener('pause', send);
    video.addEventListener('ended', ended);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      video.removeEventListener('timeupdate', tick);
      video.removeEventListener('seeked', seeked);
      video.removeEventListener('pause', send);
      video.removeEventListener('ended', ended);
      document.removeEventListener('visibilitychange', hidden);
      send();
    };
  }, [ref]);
}
