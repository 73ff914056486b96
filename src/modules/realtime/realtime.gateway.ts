import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Server as HttpServer } from 'node:http';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { REDIS } from '../../infra/runtime.module';
import { PusherServer, RedisClusterState, RedisEventBus, type PusherServerDeps } from './core';
import { serverOptionsFrom } from './realtime-settings';
import { REALTIME_MODULE_OPTIONS, type RealtimeModuleOptions } from './realtime.tokens';

/**
 * Owns this node's Pusher-protocol server. main.ts hands it Nest's http.Server:
 *   app.get(RealtimeGateway).attach(app.getHttpServer());
 * With Redis, events and presence go through Redis so every node agrees; without, in-process.
 */
@Injectable()
export class RealtimeGateway implements OnModuleInit, BeforeApplicationShutdown {
  readonly server: PusherServer;
  readonly nodeId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('Realtime');

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis | null,
    @Inject(REALTIME_MODULE_OPTIONS) options: RealtimeModuleOptions,
  ) {
    const deps: PusherServerDeps = { logger: this.logger };
    if (redis) {
      const prefix = options.redisPrefix ? `${options.redisPrefix}:` : '';
      // A subscribed connection cannot publish, so the bus gets two connections of its own.
      deps.bus = new RedisEventBus(redis.duplicate(), redis.duplicate(), prefix);
      deps.state = new RedisClusterState(redis, prefix, this.nodeId);
    }
    this.server = new PusherServer(serverOptionsFrom(config.broadcasting), deps);
  }

  async onModuleInit(): Promise<void> {
    // Subscribe to the bus early: Broadcaster calls from workers or seeds need no attached socket server.
    await this.server.start();
  }

  /** Serves `/app/{key}` WebSockets and the Pusher HTTP API `/apps/{id}/...` on the app's own server. */
  async attach(httpServer: HttpServer): Promise<void> {
    await this.server.attach(httpServer);
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  // Before Nest closes the http server: open WebSockets would otherwise keep it from closing.
  async beforeApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
