import { BeforeApplicationShutdown, Inject, Logger, OnModuleInit } from '@nestjs/common';
import { OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import type { WebSocket } from 'ws';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { REDIS } from '../../infra/runtime.module';
import { PusherServer, RedisClusterState, RedisEventBus, type PusherServerDeps } from './core';
import { serverOptionsFrom } from './realtime-settings';
import { REALTIME_MODULE_OPTIONS, type RealtimeModuleOptions } from './realtime.tokens';
import { RealtimeWebhooks } from './webhooks/realtime-webhooks.service';

/**
 * The Pusher-protocol endpoint as a NestJS WebSocket gateway: `/app/{key}` on the app's own port, through
 * `PusherWsAdapter` (installed by `attachRealtime`). Nest hands each socket to `handleConnection`; the
 * framework-free core (`./core`) speaks the protocol. With Redis, events and presence go through Redis so
 * every node agrees; without, in-process.
 */
@WebSocketGateway({ path: '/app' })
export class RealtimeGateway implements OnGatewayConnection, OnModuleInit, BeforeApplicationShutdown {
  readonly server: PusherServer;
  readonly nodeId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('Realtime');

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis | null,
    @Inject(REALTIME_MODULE_OPTIONS) options: RealtimeModuleOptions,
    private readonly webhooks: RealtimeWebhooks,
  ) {
    const deps: PusherServerDeps = { logger: this.logger, onWebhookEvent: (event) => webhooks.record(event) };
    if (redis) {
      const prefix = options.redisPrefix ? `${options.redisPrefix}:` : '';
      // A subscribed connection cannot publish, so the bus gets two connections of its own.
      deps.bus = new RedisEventBus(redis.duplicate(), redis.duplicate(), prefix);
      deps.state = new RedisClusterState(redis, prefix, this.nodeId, {
        nodeTtlMs: options.nodeTtlMs ?? config.broadcasting.nodeTtlMs,
      });
    }
    this.server = new PusherServer(
      {
        ...serverOptionsFrom(config.broadcasting),
        clusterHeartbeatMs: options.clusterHeartbeatMs ?? config.broadcasting.clusterHeartbeatMs,
      },
      deps,
    );
  }

  async onModuleInit(): Promise<void> {
    // Subscribe to the bus early: Broadcaster calls from workers or seeds need no attached socket server.
    await this.server.start();
  }

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    this.server.acceptSocket(socket, request);
  }

  /** Serves the Pusher HTTP API `/apps/{id}/...` on the app's own server (WebSockets come through the adapter). */
  async attach(httpServer: HttpServer): Promise<void> {
    await this.server.attach(httpServer, { websockets: false });
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.webhooks.flush(); // the departures the close announced
  }

  // Before Nest closes the http server: open WebSockets would otherwise keep it from closing.
  async beforeApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
