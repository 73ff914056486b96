import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
export { pusherFor } from '../support/realtime';
import type { TestApp, TestClient } from '../support/app';

const exec = promisify(execFile);

/** A real clip made by ffmpeg: testsrc2 picture (+ a sine tone), H.264/AAC MP4. */
export async function makeClip(
  dir: string,
  name: string,
  opts: { width: number; height: number; seconds: number; audio?: boolean; fps?: number },
): Promise<string> {
  const out = join(dir, name);
  const fps = opts.fps ?? 24;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${opts.width}x${opts.height}:rate=${fps}:duration=${opts.seconds}`,
  ];
  if (opts.audio !== false)
    args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${opts.seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(fps));
  if (opts.audio !== false) args.push('-c:a', 'aac', '-b:a', '64k', '-shortest');
  args.push('-movflags', '+faststart', out);
  await exec('ffmpeg', args);
  return out;
}

/** The session cookies of a test client, for requests made outside supertest (raw tus, pusher auth). */
export function cookieHeader(client: TestClient): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { CookieAccessInfo } = require('cookiejar') as { CookieAccessInfo: { All: unknown } };
  const jar = (client.agent as unknown as { jar: { getCookies(info: unknown): { toValueString(): string } } }).jar;
  return jar.getCookies(CookieAccessInfo.All).toValueString();
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One tus request with Node's http client. `abortAfterBytes` sends that much of the body, then drops the connection. */
export function tusRequest(
  t: TestApp,
  client: TestClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  abortAfterBytes?: number,
): Promise<RawResponse | 'aborted'> {
  const url = new URL(path, t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          'Tus-Resumable': '1.0.0',
          Cookie: cookieHeader(client),
          'X-XSRF-TOKEN': client.token,
          ...(body ? { 'Content-Length': String(body.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', (error) => (abortAfterBytes !== undefined ? resolve('aborted') : reject(error)));
    if (body && abortAfterBytes !== undefined) {
      req.write(body.subarray(0, abortAfterBytes), () => {
        // Give the server time to put the bytes on disk, then cut the connection mid-body.
        setTimeout(() => {
          req.destroy(new Error('simulated network drop'));
          resolve('aborted');
        }, 400);
      });
      return;
    }
    req.end(body);
  });
}

export const b64 = (value: string) => Buffer.from(value).toString('base64');

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  intervalMs = 200,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
