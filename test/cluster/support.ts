import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import type Pusher from 'pusher-js';
import { localPusher } from '../realtime/support/harness';

/** What bench/cluster/cluster.js `startCluster` resolves with (the parts the tests use). */
export interface Cluster {
  base: string;
  accessLog: string;
  webPorts: number[];
  databaseUrl: string;
  redisUrl: string;
  broadcastKey: string;
  processes: Record<string, { child: { pid: number }; log: string }>;
  kill(name: string, signal?: string): Promise<void>;
  start(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const { startCluster } = require('../../bench/cluster/cluster.js') as {
  startCluster(options: { webNodes?: number; env?: Record<string, string> }): Promise<Cluster>;
};

/** A browser-like HTTP client through the proxy: a cookie jar, the anti-forgery header, a tag per request. */
export class ClusterClient {
  private readonly cookies = new Map<string, string>();
  private static seq = 0;

  constructor(readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get xsrf(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  /** Sends one request; resolves with the answer and the tag nginx logs next to the node that served it. */
  async request(
    method: string,
    path: string,
    init: { json?: unknown; headers?: Record<string, string>; body?: Buffer } = {},
  ) {
    const tag = `t${++ClusterClient.seq}`;
    const headers: Record<string, string> = {
      Cookie: this.cookieHeader,
      Accept: 'application/json',
      'X-Test-Tag': tag,
      ...init.headers,
    };
    if (method !== 'GET' && method !== 'HEAD') headers['X-XSRF-TOKEN'] = this.xsrf;
    let body: BodyInit | undefined = init.body ? new Uint8Array(init.body) : undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = method === 'HEAD' ? '' : await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text, tag };
  }
}

/** Which upstream (host:port) nginx sent each tagged request to. */
export function upstreamsByTag(accessLog: string): Map<string, string> {
  const byTag = new Map<string, string>();
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const [, , , upstream, tag] = line.split(' ');
    if (tag && tag !== '-') byTag.set(tag, upstream);
  }
  return byTag;
}

/** A real pusher-js client through nginx, authorised with the given client's session. */
export function pusherThrough(cluster: Cluster, client: ClusterClient): Pusher {
  const authorize = (
    path: string,
    body: Record<string, string>,
    callback: (error: Error | null, data: any) => void,
  ) => {
    client.request('POST', path, { json: body }).then(
      (res) => (res.status === 200 ? callback(null, res.json) : callback(new Error(`${path} ${res.status}`), null)),
      (error: Error) => callback(error, null),
    );
  };
  return localPusher(cluster.broadcastKey, Number(new URL(cluster.base).port), {
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) =>
        authorize('/broadcasting/auth', { socket_id: socketId, channel_name: channelName }, callback),
    },
  });
}

export function subscribed(pusher: Pusher, name: string, timeoutMs = 10_000): Promise<ReturnType<Pusher['subscribe']>> {
  const channel = pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription on ${name}`)), timeoutMs);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(channel);
    });
    channel.bind('pusher:subscription_error', (detail: unknown) => {
      clearTimeout(timer);
      reject(new Error(`subscription refused on ${name}: ${JSON.stringify(detail)}`));
    });
  });
}

/**
 * Where the cluster's real-time state says a channel's sockets are: web node name -> sockets, read from
 * Redis (each node counts its own share under realtime:node-subs:<host:pid:random>).
 */
export async function socketsByNode(cluster: Cluster, channel: string): Promise<Record<string, number>> {
  const redis = new Redis(cluster.redisUrl);
  try {
    const found: Record<string, number> = {};
    for (const key of await redis.keys('realtime:node-subs:*')) {
      const pid = Number(key.split(':')[3]);
      const name = Object.keys(cluster.processes).find((n) => cluster.processes[n].child.pid === pid) ?? key;
      const count = Number((await redis.hget(key, channel)) ?? 0);
      if (count) found[name] = (found[name] ?? 0) + count;
    }
    return found;
  } finally {
    await redis.quit();
  }
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export function countBy(values: Array<string | undefined>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
