import type Redis from 'ioredis';
import type { PresenceMember } from '../connection';
import type { BusEvent, ClusterState, EventBus } from './types';

/**
 * Redis pub/sub bus. Every node, the publisher included, receives each event from
 * Redis, so local and remote subscribers get events in the same order.
 * Needs two dedicated connections: a subscribed connection cannot publish.
 */
export class RedisEventBus implements EventBus {
  private readonly topic: string;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    keyPrefix: string,
  ) {
    this.topic = `${keyPrefix}realtime:events`;
  }

  async publish(event: BusEvent): Promise<void> {
    await this.publisher.publish(this.topic, JSON.stringify(event));
  }

  async onEvent(handler: (event: BusEvent) => void): Promise<void> {
    this.subscriber.on('message', (topic: string, message: string) => {
      if (topic === this.topic) handler(JSON.parse(message) as BusEvent);
    });
    await this.subscriber.subscribe(this.topic);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

// Presence hash per channel: m:<user> -> member JSON, t:<user> -> sockets cluster-wide,
// n:<user>:<node> -> sockets on one node (lets an operator purge a dead node's share).
const JOIN_PRESENCE = `
redis.call('HINCRBY', KEYS[1], 'n:' .. ARGV[1] .. ':' .. ARGV[2], 1)
local total = redis.call('HINCRBY', KEYS[1], 't:' .. ARGV[1], 1)
if total == 1 then
  redis.call('HSET', KEYS[1], 'm:' .. ARGV[1], ARGV[3])
  return 1
end
return 0`;

const LEAVE_PRESENCE = `
if redis.call('HEXISTS', KEYS[1], 't:' .. ARGV[1]) == 0 then return 0 end
local onNode = redis.call('HINCRBY', KEYS[1], 'n:' .. ARGV[1] .. ':' .. ARGV[2], -1)
if onNode <= 0 then redis.call('HDEL', KEYS[1], 'n:' .. ARGV[1] .. ':' .. ARGV[2]) end
local total = redis.call('HINCRBY', KEYS[1], 't:' .. ARGV[1], -1)
if total <= 0 then
  redis.call('HDEL', KEYS[1], 't:' .. ARGV[1], 'm:' .. ARGV[1])
  return 1
end
return 0`;

const DECREMENT_OR_DELETE = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left`;

/** Channel and presence state shared by all nodes through Redis hashes. */
export class RedisClusterState implements ClusterState {
  private readonly subscriptionsKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly nodeId: string,
  ) {
    this.subscriptionsKey = `${keyPrefix}realtime:subscriptions`;
  }

  private presenceKey(channel: string): string {
    return `${this.keyPrefix}realtime:presence:${channel}`;
  }

  async addSubscription(channel: string): Promise<void> {
    await this.redis.hincrby(this.subscriptionsKey, channel, 1);
  }

  async removeSubscription(channel: string): Promise<void> {
    await this.redis.eval(DECREMENT_OR_DELETE, 1, this.subscriptionsKey, channel);
  }

  async joinPresence(channel: string, member: PresenceMember): Promise<boolean> {
    const first = await this.redis.eval(
      JOIN_PRESENCE,
      1,
      this.presenceKey(channel),
      String(member.user_id),
      this.nodeId,
      JSON.stringify(member),
    );
    return first === 1;
  }

  async leavePresence(channel: string, userId: string): Promise<boolean> {
    const last = await this.redis.eval(LEAVE_PRESENCE, 1, this.presenceKey(channel), userId, this.nodeId);
    return last === 1;
  }

  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    const fields = await this.redis.hgetall(this.presenceKey(channel));
    return Object.entries(fields)
      .filter(([field]) => field.startsWith('m:'))
      .map(([, json]) => JSON.parse(json) as PresenceMember);
  }

  async channels(): Promise<Map<string, number>> {
    const counts = await this.redis.hgetall(this.subscriptionsKey);
    const occupied = new Map<string, number>();
    for (const [channel, count] of Object.entries(counts)) if (Number(count) > 0) occupied.set(channel, Number(count));
    return occupied;
  }

  async close(): Promise<void> {}
}
