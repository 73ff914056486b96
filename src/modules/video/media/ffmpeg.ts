import { open } from 'node:fs/promises';
import { sniffType } from '../../storage';
import { exitOf, spawnSupervised, stopGroup } from './supervised-spawn';

/** What ffprobe says about a file, reduced to what the pipeline needs. */
export interface ProbeResult {
  container: string;
  duration: number;
  /** Displayed size (rotation applied). */
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
}

/** The file is not a video we can read (refused at upload; never retried). */
export class NotAVideoError extends Error {}

/** ffmpeg failed or was stopped; `retryable` is false when the input itself is at fault. */
export class TranscodeError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface Rung {
  name: string;
  /** Target size of the shorter side (360, 720, 1080). */
  short: number;
  width: number;
  height: number;
  maxrateKbps: number;
}

export const LADDER: Array<{ name: string; short: number; maxrateKbps: number }> = [
  { name: '360p', short: 360, maxrateKbps: 900 },
  { name: '720p', short: 720, maxrateKbps: 3000 },
  { name: '1080p', short: 1080, maxrateKbps: 5500 },
];

/** Demuxers we let ffprobe/ffmpeg use, picked from the file's magic bytes (never auto-probed: no playlists, no concat files). */
const DEMUXER_BY_MIME: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
};

/** How every ffmpeg run starts: no banner, no stdin, overwrite the output, read local files only. */
const FFMPEG_START = ['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file'];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Renditions at or below the source: 360p/720p/1080p by the shorter side; a tiny source gets one rendition at its own size. */
export function ladderFor(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  const landscape = width >= height;
  const size = (target: number) => {
    const scale = target / short;
    return landscape ? { width: even(width * scale), height: target } : { width: target, height: even(height * scale) };
  };
  const rungs = LADDER.filter((rung) => rung.short <= short).map((rung) => ({ ...rung, ...size(rung.short) }));
  if (rungs.length) return rungs;
  return [{ name: `${even(short)}p`, short: even(short), width: even(width), height: even(height), maxrateKbps: 600 }];
}

/** The demuxer for a file, from its first bytes; throws NotAVideoError for anything that is not mp4/mov/webm/mkv. */
export async function demuxerFor(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    const type = sniffType(head.subarray(0, bytesRead));
    const demuxer = type && type.kind === 'video' ? DEMUXER_BY_MIME[type.mime] : undefined;
    if (!demuxer) throw new NotAVideoError('This file is not a video: upload an MP4, MOV or WebM file.');
    return demuxer;
  } finally {
    await handle.close();
  }
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: string[], onStdout?: (chunk: string) => void, timeoutMs = 0): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // Supervised: dies with this process, and a timeout kills the whole group.
    const child = spawnSupervised(bin, args);
    let stdout = '';
    let stderr = '';
    const timer = timeoutMs ? setTimeout(() => stopGroup(child), timeoutMs) : null;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      // The supervisor's shell answers 127 for a missing program: report it as spawn would.
      if (code === 127 && /not found|No such file/.test(stderr))
        return reject(Object.assign(new Error(`spawn ${bin} ENOENT`), { code: 'ENOENT' }));
      resolve({ ...exitOf(code, signal), stdout, stderr });
    });
  });
}

function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' ').slice(0, 500);
}

/** Reads a file's container, duration, displayed size and streams; NotAVideoError when it has no readable video. */
export async function probe(ffprobe: string, path: string): Promise<ProbeResult> {
  const demuxer = await demuxerFor(path);
  const result = await run(
    ffprobe,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      demuxer,
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ],
    undefined,
    60_000,
  );
  if (result.code !== 0)
    throw new NotAVideoError('This video could not be read: the file may be damaged or incomplete.');
  let parsed: { format?: { format_name?: string; duration?: string }; streams?: Array<Record<string, unknown>> };
  try {
    parsed = JSON.parse(result.stdout);
  } catch {
    throw new NotAVideoError('This video could not be read.');
  }
  const streams = parsed.streams ?? [];
  const video = streams.find(
    (s) => s.codec_type === 'video' && !(s.disposition as Record<string, number> | undefined)?.attached_pic,
  );
  if (!video || ['mjpeg', 'png', 'gif', 'bmp'].includes(String(video.codec_name))) {
    throw new NotAVideoError('This file has no video track: upload an MP4, MOV or WebM video.');
  }
  const duration = Number(parsed.format?.duration ?? video.duration ?? 0);
  const width = Number(video.width ?? 0);
  const height = Number(video.height ?? 0);
  if (!(duration > 0) || !width || !height) throw new NotAVideoError('This video has no playable frames.');
  const rotation = videoRotation(video);
  const turned = Math.abs(rotation) % 180 === 90;
  return {
    container: parsed.format?.format_name ?? demuxer,
    duration,
    width: turned ? height : width,
    height: turned ? width : height,
    videoCodec: String(video.codec_name),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

function videoRotation(stream: Record<string, unknown>): number {
  const tags = stream.tags as Record<string, string> | undefined;
  if (tags?.rotate) return Number(tags.rotate) || 0;
  const side = stream.side_data_list as Array<{ rotation?: number }> | undefined;
  return side?.find((d) => typeof d.rotation === 'number')?.rotation ?? 0;
}

export interface TranscodeOptions {
  ffmpeg: string;
  input: string;
  demuxer: string;
  outDir: string;
  probe: ProbeResult;
  preset: string;
  segmentSeconds: number;
  onProgress?: (fraction: number) => void;
  /** The rungs to make (default: the whole ladder for the source); one decode feeds all of them. */
  rungs?: Rung[];
  /** File name of the master playlist written in outDir (default master.m3u8). */
  masterName?: string;
}

/**
 * One ffmpeg pass: decode once, split, scale to each rung, H.264 (+AAC) HLS VOD with aligned
 * keyframes, one playlist per rung and a master playlist (outDir/master.m3u8, outDir/<rung>/index.m3u8).
 */
export async function transcodeHls(options: TranscodeOptions): Promise<Rung[]> {
  const rungs = options.rungs ?? ladderFor(options.probe.width, options.probe.height);
  const split = rungs.length > 1 ? `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` : '';
  // Bilinear is half bicubic's cost and, for a downscale by 1.5-3x, not visibly worse at these bitrates.
  const scales = rungs
    .map(
      (rung, i) =>
        `${rungs.length > 1 ? `[s${i}]` : '[0:v]'}scale=${rung.width}:${rung.height}:flags=bilinear,format=yuv420p[o${i}]`,
    )
    .join(';');
  const args = [...FFMPEG_START, '-f', options.demuxer, '-i', options.input, '-filter_complex', split + scales];
  rungs.forEach((rung, i) => {
    args.push(
      '-map',
      `[o${i}]`,
      `-c:v:${i}`,
      'libx264',
      `-crf:v:${i}`,
      '23',
      `-maxrate:v:${i}`,
      `${rung.maxrateKbps}k`,
      `-bufsize:v:${i}`,
      `${rung.maxrateKbps * 2}k`,
    );
    args.push(`-profile:v:${i}`, rung.short >= 720 ? 'high' : 'main');
  });
  if (options.probe.hasAudio) {
    rungs.forEach(() => args.push('-map', '0:a:0'));
    args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000');
  }
  const streamMap = rungs
    .map((rung, i) => `v:${i}${options.probe.hasAudio ? `,a:${i}` : ''},name:${rung.name}`)
    .join(' ');
  args.push(
    '-preset',
    options.preset,
    '-threads',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${options.segmentSeconds})`,
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(options.segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${options.outDir}/%v/seg_%03d.ts`,
    '-master_pl_name',
    options.masterName ?? 'master.m3u8',
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    `${options.outDir}/%v/index.m3u8`,
  );
  let buffered = '';
  const result = await run(options.ffmpeg, args, (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && options.onProgress) options.onProgress(Math.min(1, Number(match[1]) / 1e6 / options.probe.duration));
    }
  });
  if (result.signal) throw new TranscodeError(`ffmpeg was stopped (${result.signal})`, true);
  if (result.code !== 0) {
    const detail = lastLines(result.stderr);
    const inputFault =
      /Invalid data found|moov atom not found|could not find codec parameters|Error while decoding/i.test(
        result.stderr,
      );
    throw new TranscodeError(`ffmpeg failed (exit ${result.code}): ${detail || 'no output'}`, !inputFault);
  }
  return rungs;
}

/**
 * One master playlist from several (the first rendition's, published early, and the rest's): the
 * header once, then every variant ordered by bandwidth (players start from the first listed).
 */
export function mergeMasterPlaylists(playlists: string[]): string {
  const variants: Array<{ bandwidth: number; lines: string[] }> = [];
  for (const text of playlists) {
    const lines = text.split('\n').map((line) => line.trim());
    lines.forEach((line, i) => {
      if (!line.startsWith('#EXT-X-STREAM-INF')) return;
      const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
      variants.push({ bandwidth, lines: [line, lines[i + 1]] });
    });
  }
  variants.sort((a, b) => a.bandwidth - b.bandwidth);
  const header = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  return [...header, ...variants.flatMap((variant) => variant.lines), ''].join('\n');
}

/** A JPEG poster from the frame at `at` seconds, at most 1280 px wide. */
export async function extractPoster(
  ffmpeg: string,
  input: string,
  demuxer: string,
  at: number,
  output: string,
): Promise<void> {
  const args = [
    ...FFMPEG_START,
    '-ss',
    at.toFixed(3),
    '-f',
    demuxer,
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    "scale='min(1280,iw)':-2",
    '-q:v',
    '3',
    '-f',
    'image2',
    output,
  ];
  const result = await run(ffmpeg, args, undefined, 120_000);
  if (result.signal) throw new TranscodeError(`ffmpeg (poster) was stopped (${result.signal})`, true);
  if (result.code !== 0) throw new TranscodeError(`poster extraction failed: ${lastLines(result.stderr)}`, true);
}
