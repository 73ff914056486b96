import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX } from '../../infra/runtime.module';

export class TooManyAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        statusCode: 429,
        message: `Too many attempts. Try again in ${retryAfterSeconds} seconds.`,
        retryAfter: retryAfterSeconds,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Fixed-window counters: in Redis when present (shared by every node), else in this process.
 * `hit` counts an attempt and refuses once the limit is passed; `clear` forgets a key (e.g. after a good login).
 */
@Injectable()
export class RateLimiterService {
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<void> {
    const { count, ttlSeconds } = await this.increment(`${this.prefix}:ratelimit:${key}`, windowSeconds);
    if (count > limit) throw new TooManyAttemptsException(ttlSeconds);
  }

  /** Refuses without counting: for checks before the attempt is known to be bad. */
  async assertBelow(key: string, limit: number): Promise<void> {
    const { count, ttlSeconds } = await this.peek(`${this.prefix}:ratelimit:${key}`);
    if (count >= limit) throw new TooManyAttemptsException(ttlSeconds);
  }

  async clear(key: string): Promise<void> {
    this.local.delete(`${this.prefix}:ratelimit:${key}`);
    await this.redis?.del(`${this.prefix}:ratelimit:${key}`);
  }

  private async increment(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }> {
    if (this.redis) {
      const [[, count], [, ttl]] = (await this.redis.multi().incr(key).ttl(key).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await this.redis.expire(key, windowSeconds);
      return { count, ttlSeconds: ttl < 0 ? windowSeconds : ttl };
    }
    const now = performance.now();
    const entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      this.local.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
      return { count: 1, ttlSeconds: windowSeconds };
    }
    entry.count += 1;
    return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  private async peek(key: string): Promise<{ count: number; ttlSeconds: number }> {
    if (this.redis) {
      const [[, count], [, ttl]] = (await this.redis.multi().get(key).ttl(key).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(count ?? 0), ttlSeconds: Math.max(ttl, 1) };
    }
    const entry = this.local.get(key);
    if (!entry || entry.resetAt <= performance.now()) return { count: 0, ttlSeconds: 0 };
    return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - performance.now()) / 1000) };
  }
}
