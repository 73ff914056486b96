import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock';
import type { JobEvent, QueueChangedEvent } from '../../contracts/admin';
import { REDIS, REDIS_KEY_PREFIX } from '../../infra/runtime.module';
import { JobsService, type QueueName, type StopWatching } from '../jobs';
import { Broadcaster } from '../realtime';

export const QUEUES_CHANNEL = 'private-admin.queues';
export const QUEUES_CHANGED_EVENT = 'queues.changed';
/** A queue's events are gathered this long into one push: a busy queue's thousand events a second become four. */
export const PUSH_EVERY_MS = 250;
/** The newest job events one push carries; the page reloads its list when a push says jobs moved. */
const JOBS_PER_PUSH = 50;
/** One node relays at a time, holding this lease in Redis; a crashed relay's lease lapses and another takes it. */
const LEASE_MS = 15_000;
const RENEW_LEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;
const RELEASE_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * Makes the queue monitor live without polling: jobs' events (BullMQ's QueueEvents, or the in-process runner's) go
 * to the admins' private channel, gathered per queue with its fresh counts. With Redis, every node's QueueEvents
 * would see every event, so only the node holding the relay lease forwards them (otherwise each push would arrive
 * once per node).
 */
@Injectable()
export class QueueEventsRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('QueueEventsRelay');
  private readonly id = randomUUID();
  private readonly leaseKey: string;
  private readonly gathered = new Map<QueueName, Map<string, JobEvent>>();
  private readonly flushes = new Map<QueueName, NodeJS.Timeout>();
  private stopWatching: StopWatching | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: JobsService,
    private readonly broadcaster: Broadcaster,
    private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) prefix: string,
  ) {
    this.leaseKey = `${prefix}:admin:queue-events-relay`;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.jobs.mode === 'in-process' || !this.redis) return this.start();
    await this.holdLease();
    this.leaseTimer = setInterval(() => void this.holdLease(), LEASE_MS / 3);
    this.leaseTimer.unref();
  }

  /** Takes or renews the lease: the holder relays, every other node stands by (and takes over once it lapses). */
  private async holdLease(): Promise<void> {
    try {
      const held = Number(await this.redis!.eval(RENEW_LEASE, 1, this.leaseKey, this.id, LEASE_MS)) === 1;
      if (held && !this.stopWatching) this.start();
      if (!held && this.stopWatching) await this.stop();
    } catch (error) {
      // Redis away: whoever holds the lease when it is back relays; pushes missed meanwhile the page reloads.
      this.logger.debug(`relay lease: ${(error as Error).message}`);
    }
  }

  private start(): void {
    this.stopWatching = this.jobs.watch((event) => this.gather(event));
  }

  private async stop(): Promise<void> {
    const stop = this.stopWatching;
    this.stopWatching = null;
    await stop?.();
  }

  private gather(event: JobEvent): void {
    const queue = event.queue as QueueName;
    // Each job's latest event only, moved to the end: a push keeps the newest JOBS_PER_PUSH.
    const jobs = this.gathered.get(queue) ?? new Map<string, JobEvent>();
    jobs.delete(event.id);
    jobs.set(event.id, event);
    this.gathered.set(queue, jobs);
    if (!this.flushes.has(queue))
      this.flushes.set(
        queue,
        setTimeout(() => void this.push(queue), PUSH_EVERY_MS),
      );
  }

  private async push(queue: QueueName): Promise<void> {
    this.flushes.delete(queue);
    const jobs = [...(this.gathered.get(queue)?.values() ?? [])].slice(-JOBS_PER_PUSH);
    this.gathered.delete(queue);
    try {
      const payload: QueueChangedEvent = {
        queue: await this.jobs.state(queue),
        jobs,
        at: this.clock.now().toISOString(),
      };
      await this.broadcaster.broadcast(QUEUES_CHANNEL, QUEUES_CHANGED_EVENT, payload);
    } catch (error) {
      this.logger.debug(`queue push for ${queue}: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    for (const timer of this.flushes.values()) clearTimeout(timer);
    this.flushes.clear();
    const relaying = !!this.stopWatching;
    await this.stop();
    // Hand over at once rather than after the lease lapses.
    if (relaying && this.redis?.status === 'ready')
      await this.redis.eval(RELEASE_LEASE, 1, this.leaseKey, this.id).catch(() => undefined);
  }
}
