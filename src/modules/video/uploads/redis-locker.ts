import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

const RELEASE_IF_MINE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW_IF_MINE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

export interface RedisLockerOptions {
  /** A lock whose holder stops renewing it (its node died) lapses after this long (ms). */
  ttlMs?: number;
  /** How long a request waits for the lock before answering 500 "lock timeout" (ms). */
  acquireTimeoutMs?: number;
}

/**
 * One request at a time per upload across all nodes (a tus upload is written at one offset at a time).
 * The lock is a Redis key renewed while held, so a dead node's lock lapses. A request that wants a held
 * lock asks the holder, on whichever node, to let go (tus: the older request is given up, e.g. the
 * half-open connection of a client that has since reconnected elsewhere).
 */
export class RedisLocker implements Locker {
  readonly holders = new Map<string, { token: string; release: RequestRelease }>();
  private readonly topic: string;
  readonly ttlMs: number;
  readonly acquireTimeoutMs: number;

  constructor(
    readonly redis: Redis,
    private readonly subscriber: Redis,
    readonly prefix: string,
    options: RedisLockerOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.topic = `${prefix}tus-lock-release`;
    subscriber.on('error', () => undefined);
    subscriber.on('message', (topic: string, id: string) => {
      if (topic === this.topic) void this.holders.get(id)?.release();
    });
    void subscriber.subscribe(this.topic).catch(() => undefined);
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  askRelease(id: string): Promise<unknown> {
    return this.redis.publish(this.topic, id);
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(12).toString('hex');
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  private get key(): string {
    return `${this.locker.prefix}tus-lock:${this.id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, ttlMs, acquireTimeoutMs } = this.locker;
    const deadline = performance.now() + acquireTimeoutMs;
    let asked = false;
    while (!signal.aborted && performance.now() < deadline) {
      if ((await redis.set(this.key, this.token, 'PX', ttlMs, 'NX')) === 'OK') {
        this.locker.holders.set(this.id, { token: this.token, release: requestRelease });
        this.renewal = setInterval(
          () => void redis.eval(RENEW_IF_MINE, 1, this.key, this.token, ttlMs).catch(() => undefined),
          ttlMs / 3,
        );
        this.renewal.unref();
        return;
      }
      if (!asked) await this.locker.askRelease(this.id).catch(() => undefined);
      asked = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    if (this.locker.holders.get(this.id)?.token === this.token) this.locker.holders.delete(this.id);
    await this.locker.redis.eval(RELEASE_IF_MINE, 1, this.key, this.token);
  }
}
