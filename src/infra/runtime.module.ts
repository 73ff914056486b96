import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Runtime } from '../config/runtime';

export const RUNTIME = Symbol('RUNTIME');
/** The shared ioredis client, or null when this node runs without Redis (in-process mode). */
export const REDIS = Symbol('REDIS');
/** Namespace for this deployment's Redis keys (queues, real-time, rate limits). */
export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');

/** Closes the Redis client last, after the modules that use it have shut down. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.redis && this.redis.status !== 'end') await this.redis.quit().catch(() => undefined);
  }
}

export function createRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
  redis.on('error', (error) => new Logger('Redis').error(error.message));
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
      ],
      exports: [APP_CONFIG, RUNTIME, REDIS, REDIS_KEY_PREFIX],
    };
  }
}
