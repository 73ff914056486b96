import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_KEY_PREFIX } from './tokens';

type Forget = (key: string | null) => void;

/**
 * Short-lived caches a node keeps in memory (answers that many requests repeat) are dropped on every
 * node when the thing they remember changes, wherever the change happened (another web node, a worker).
 * `forget(cache, key)` clears the entry here at once and tells the other nodes through Redis pub/sub;
 * without Redis there is only this node. A node that misses a message (Redis down) still drops the
 * entry when its few seconds are up, so a cache's own time limit stays the bound on staleness.
 */
@Injectable()
export class NodeCaches implements OnApplicationShutdown {
  private readonly logger = new Logger('NodeCaches');
  private readonly caches = new Map<string, Forget>();
  private readonly topic: string;
  private subscriber: Redis | null = null;
  private readonly origin = Math.random().toString(36).slice(2);

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) prefix: string,
  ) {
    this.topic = `${prefix}:node-caches`;
  }

  /** Registers a cache by name: `forget` drops one key, or everything when the key is null. */
  register(name: string, forget: Forget): void {
    this.caches.set(name, forget);
    if (this.redis && !this.subscriber) this.listen(this.redis);
  }

  /** Drops `key` (or all of the cache) on this node now and on every other node shortly. */
  forget(name: string, key: string | null = null): void {
    this.caches.get(name)?.(key);
    if (!this.redis) return;
    this.redis.publish(this.topic, JSON.stringify({ name, key, origin: this.origin })).catch((error: Error) => {
      this.logger.warn(`could not tell other nodes to drop ${name}: ${error.message}`);
    });
  }

  private listen(redis: Redis): void {
    const subscriber = (this.subscriber = redis.duplicate());
    subscriber.on('error', () => undefined); // the shared client logs outages
    subscriber.on('message', (topic: string, raw: string) => {
      if (topic !== this.topic) return;
      const message = JSON.parse(raw) as { name: string; key: string | null; origin: string };
      if (message.origin !== this.origin) this.caches.get(message.name)?.(message.key);
    });
    subscriber
      .subscribe(this.topic)
      .catch((error: Error) => this.logger.warn(`not listening for cache drops: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }
}
