import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { Clock } from '../../common/clock';
import { REDIS, REDIS_KEY_PREFIX } from '../../infra/runtime.module';
import { TooManyAttemptsException } from './rate-limiter.service';

/** One thing failures are counted against (an account, an IP, an IP range, a user's two-factor). */
export interface BackoffScope {
  key: string;
  /** Failures allowed: the one that reaches this number locks the scope. */
  free: number;
}

export interface BackoffPolicy {
  /** The first lock, doubled by each further failure. */
  baseSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten after this long without a new one. */
  memorySeconds: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseSeconds: 30, maxSeconds: 15 * 60, memorySeconds: 60 * 60 };

// Counts a failure; from the `free`-th on, locks the scope for base * 2^(failures - free) seconds.
const FAIL_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
local free = tonumber(ARGV[1])
if n >= free then
  local lock = math.min(tonumber(ARGV[2]) * 2 ^ (n - free), tonumber(ARGV[3]))
  redis.call('SET', KEYS[2], '1', 'EX', math.floor(lock))
  return {n, math.floor(lock)}
end
return {n, 0}
`;

/**
 * Failure counters with exponential back-off (in Redis when present, shared by every node; else in
 * this process). `assertAllowed` refuses while any scope is locked; `fail` counts one failure in
 * every scope; `succeed` forgets a scope's failures (never an IP's: one good account must not wash
 * an attacker's address clean).
 */
@Injectable()
export class BackoffLimiterService {
  private readonly local = new Map<string, { count: number; forgetAt: number; lockedUntil: number }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  /** Throws TooManyAttemptsException (with the longest wait) while any scope is locked. */
  async assertAllowed(scopes: BackoffScope[]): Promise<void> {
    let wait = 0;
    for (const scope of scopes) wait = Math.max(wait, await this.lockedFor(scope.key));
    if (wait > 0) throw new TooManyAttemptsException(wait);
  }

  /** Counts one failure in each scope; answers the scopes that this failure locked (with how long). */
  async fail(
    scopes: BackoffScope[],
    policy = DEFAULT_BACKOFF,
  ): Promise<Array<{ key: string; failures: number; lockSeconds: number }>> {
    const results = [];
    for (const scope of scopes) results.push({ key: scope.key, ...(await this.count(scope, policy)) });
    return results.filter((result) => result.lockSeconds > 0);
  }

  async succeed(key: string): Promise<void> {
    this.local.delete(key);
    await this.redis?.del(this.counterKey(key), this.lockKey(key));
  }

  private counterKey(key: string): string {
    return `${this.prefix}:backoff:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.prefix}:backoff-lock:${key}`;
  }

  private async lockedFor(key: string): Promise<number> {
    if (this.redis) return Math.max(0, await this.redis.ttl(this.lockKey(key)));
    const entry = this.local.get(key);
    return entry ? Math.max(0, Math.ceil((entry.lockedUntil - this.clock.nowMs()) / 1000)) : 0;
  }

  private async count(scope: BackoffScope, policy: BackoffPolicy): Promise<{ failures: number; lockSeconds: number }> {
    if (this.redis) {
      const [failures, lockSeconds] = (await this.redis.eval(
        FAIL_SCRIPT,
        2,
        this.counterKey(scope.key),
        this.lockKey(scope.key),
        scope.free,
        policy.baseSeconds,
        policy.maxSeconds,
        policy.memorySeconds,
      )) as [number, number];
      return { failures, lockSeconds };
    }
    const now = this.clock.nowMs();
    const entry = this.local.get(scope.key);
    const current = entry && entry.forgetAt > now ? entry : { count: 0, forgetAt: 0, lockedUntil: 0 };
    current.count += 1;
    current.forgetAt = now + policy.memorySeconds * 1000;
    let lockSeconds = 0;
    if (current.count >= scope.free) {
      lockSeconds = Math.floor(Math.min(policy.baseSeconds * 2 ** (current.count - scope.free), policy.maxSeconds));
      current.lockedUntil = now + lockSeconds * 1000;
    }
    this.local.set(scope.key, current);
    return { failures: current.count, lockSeconds };
  }
}

/** The /24 of an IPv4 address or the /64 of an IPv6 one: one household, office or cloud subnet. */
export function ipRange(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
