import type Redis from 'ioredis';
import type { ArenaRepository } from './arena.repository';
import type { ArenaTicketsRepository } from './arena-tickets.repository';
import type { QueuedEntry } from './core';
import type { ArenaTicket } from './entities/arena.entity';

/** What the matchmaker needs of a ticket. */
export function queuedEntryOf(t: ArenaTicket): QueuedEntry {
  return {
    ticketId: t.id,
    entryId: t.entryId,
    creatorId: t.creatorId,
    teamId: t.teamId,
    rating: t.rating,
    queuedAt: t.queuedAt.getTime(),
  };
}

/**
 * Where the waiting tickets of a category live for matchmaking. With Redis: a sorted set by rating (the ticket
 * ids) beside a hash of the tickets, claimed two at a time by a script and matched under a short lock, so several
 * nodes can run the matchmaker. Without Redis (in-process mode): the `arena_tickets` rows themselves, read in rating
 * order through their partial index, matched under a PostgreSQL advisory lock.
 */
export interface QueueStore {
  add(category: string, entry: QueuedEntry): Promise<void>;
  remove(category: string, ticketId: string): Promise<void>;
  /** The category's queued entries, lowest rating first. */
  list(category: string): Promise<QueuedEntry[]>;
  /** Takes both tickets out of the queue at once; false when either was already gone. */
  claim(category: string, a: string, b: string): Promise<boolean>;
  /** Runs `work` as the category's only matchmaker; null when another one holds the lock. */
  exclusive<T>(category: string, work: () => Promise<T>): Promise<T | null>;
}

const CLAIM = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1], ARGV[2])
  redis.call('HDEL', KEYS[2], ARGV[1], ARGV[2])
  return 1
end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const LOCK_MS = 10_000;

export class RedisQueueStore implements QueueStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(category: string) {
    const base = `${this.prefix}:arena:queue:${category}`;
    return { set: base, hash: `${base}:tickets`, lock: `${base}:lock` };
  }

  async add(category: string, entry: QueuedEntry): Promise<void> {
    const k = this.keys(category);
    await this.redis
      .multi()
      .hset(k.hash, entry.ticketId, JSON.stringify(entry))
      .zadd(k.set, entry.rating, entry.ticketId)
      .exec();
  }

  async remove(category: string, ticketId: string): Promise<void> {
    const k = this.keys(category);
    await this.redis.multi().zrem(k.set, ticketId).hdel(k.hash, ticketId).exec();
  }

  async list(category: string): Promise<QueuedEntry[]> {
    const k = this.keys(category);
    const ids = await this.redis.zrange(k.set, 0, -1);
    if (ids.length === 0) return [];
    const values = await this.redis.hmget(k.hash, ...ids);
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as QueuedEntry);
  }

  async claim(category: string, a: string, b: string): Promise<boolean> {
    const k = this.keys(category);
    return (await this.redis.eval(CLAIM, 2, k.set, k.hash, a, b)) === 1;
  }

  async exclusive<T>(category: string, work: () => Promise<T>): Promise<T | null> {
    const k = this.keys(category);
    const token = `${process.pid}:${Math.random()}`;
    if ((await this.redis.set(k.lock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return null;
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE, 1, k.lock, token);
    }
  }
}

export class PostgresQueueStore implements QueueStore {
  constructor(
    private readonly repo: ArenaRepository,
    private readonly tickets: ArenaTicketsRepository,
  ) {}

  async add(): Promise<void> {}

  async remove(): Promise<void> {}

  async list(category: string): Promise<QueuedEntry[]> {
    return (await this.tickets.queued(category)).map(queuedEntryOf);
  }

  /** The rows are claimed by their state change (queued → matched), which the matchmaker checks. */
  async claim(): Promise<boolean> {
    return true;
  }

  exclusive<T>(category: string, work: () => Promise<T>): Promise<T | null> {
    return this.repo.transaction(async (tx) => {
      await tx.lockCategory(category);
      return work();
    });
  }
}
