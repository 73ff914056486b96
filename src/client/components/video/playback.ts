/**
 * How this browser plays our HLS (H.264/AAC): its own HLS support (Safari, recent Chrome), else
 * hls.js over Media Source Extensions when MSE takes H.264, else nothing (say so instead of a
 * black box).
 */
export type PlaybackEngine = 'native' | 'hls.js' | 'unsupported';

const H264_AAC = 'video/mp4; codecs="avc1.64001f,mp4a.40.2"';

type MediaWindow = { MediaSource?: typeof MediaSource; ManagedMediaSource?: typeof MediaSource };

export function pickEngine(
  video: HTMLVideoElement,
  win: MediaWindow = window as unknown as MediaWindow,
): PlaybackEngine {
  if (video.canPlayType('application/vnd.apple.mpegurl')) return 'native';
  const source = win.ManagedMediaSource ?? win.MediaSource;
  if (source && typeof source.isTypeSupported === 'function' && source.isTypeSupported(H264_AAC)) return 'hls.js';
  return 'unsupported';
}
