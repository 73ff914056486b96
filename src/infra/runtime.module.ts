import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Runtime } from '../config/runtime';
import { NodeCaches } from './node-caches';

import { REDIS, REDIS_KEY_PREFIX, RUNTIME } from './tokens';

export { REDIS, REDIS_KEY_PREFIX, RUNTIME };

/** Closes the Redis client last, after the modules that use it have shut down. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.redis && this.redis.status !== 'end') await this.redis.quit().catch(() => undefined);
  }
}

/** How long one command to the shared client may take before the request answers 503. */
export const REDIS_COMMAND_TIMEOUT_MS = 1500;

/**
 * The shared client fails fast when Redis is gone: each command (also while it waits in the
 * offline queue for a reconnect) is bounded by a timeout and by one reconnect attempt, so a
 * request answers 503 in about a second instead of hanging; it recovers by itself on reconnect.
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableReadyCheck: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const logger = new Logger('Redis');
  let lastLogged = 0;
  redis.on('error', (error) => {
    // One line per 10 s while it is down, not one per reconnect attempt.
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    logger.error(`${error.message} (requests that need Redis answer 503 until it is back)`);
  });
  return redis;
}

/** Provides the configuration and the servers chosen at start to every module. */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(config: AppConfig, runtime: Runtime, redisPrefix = 'reelty'): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: RUNTIME, useValue: runtime },
        { provide: REDIS, useFactory: () => (runtime.redisUrl ? createRedis(runtime.redisUrl) : null) },
        { provide: REDIS_KEY_PREFIX, useValue: redisPrefix },
        RedisCloser,
        NodeCaches,
      ],
      exports: [APP_CONFIG, RUNTIME, REDIS, REDIS_KEY_PREFIX, NodeCaches],
    };
  }
}
