import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { ConnectionNodeJson } from '../../contracts/admin-content';
import { REDIS, REDIS_KEY_PREFIX } from '../../infra/runtime.module';
import { RealtimeGateway } from '../realtime';

/** How often each node reports its count, and how long a report lives (a node silent this long has dropped out). */
export const CONNECTIONS_REPORT_MS = 10_000;
export const CONNECTIONS_TTL_MS = 30_000;

/**
 * Real-time connections per node for the admin dashboard. Every node that serves sockets writes its count to a Redis
 * key that expires unless renewed, and lists itself in a set; readers drop the nodes whose key has expired (dead).
 */
@Injectable()
export class ConnectionCountsService implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private readonly setKey: string;

  constructor(
    private readonly gateway: RealtimeGateway,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
  ) {
    this.setKey = `${prefix}:admin:connection-nodes`;
  }

  get node(): string {
    return this.gateway.nodeId;
  }

  private key(node: string): string {
    return `${this.prefix}:admin:connections:${node}`;
  }

  onModuleInit(): void {
    if (!this.redis) return;
    this.timer = setInterval(() => void this.report().catch(() => undefined), CONNECTIONS_REPORT_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes this node's count (only nodes that serve sockets report). */
  async report(): Promise<void> {
    if (!this.redis || !this.gateway.server.serving) return;
    await this.redis
      .multi()
      .set(this.key(this.node), String(this.gateway.server.connectionCount()), 'PX', CONNECTIONS_TTL_MS)
      .sadd(this.setKey, this.node)
      .exec();
  }

  /** Every live node's count, largest first; nodes whose report expired are removed from the set. */
  async perNode(): Promise<ConnectionNodeJson[]> {
    if (!this.redis) return [{ node: this.node, count: this.gateway.server.connectionCount() }];
    await this.report();
    const nodes = await this.redis.smembers(this.setKey);
    if (!nodes.length) return [];
    const counts = await this.redis.mget(nodes.map((n) => this.key(n)));
    const dead = nodes.filter((_, i) => counts[i] === null);
    if (dead.length) await this.redis.srem(this.setKey, ...dead);
    return nodes
      .map((node, i) => ({ node, count: Number(counts[i]) }))
      .filter((_, i) => counts[i] !== null)
      .sort((a, b) => b.count - a.count || a.node.localeCompare(b.node));
  }
}
