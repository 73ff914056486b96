import type Redis from 'ioredis';
import type { PresenceMember } from '../connection';
import type { BusEvent, CachedEvent, ClusterState, EventBus, PresenceJoin, SweepResult } from './types';

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

// Every count is kept twice: cluster-wide, and per node, so a crashed node's share can be taken away.
//   subscriptions            hash channel -> sockets cluster-wide
//   node-subs:<node>         hash channel -> sockets on that node
//   presence:<channel>       hash m:<user> -> member JSON, t:<user> -> sockets cluster-wide,
//                                 n:<user>:<node> -> sockets on one node, '#' -> distinct users
//   node-presence:<node>     hash channel -> presence sockets on that node (which channels to sweep)
//   node:<node>              the node's liveness lease (expires unless renewed)
//   nodes                    set of nodes that may hold state
// A node only ever decrements its own share, so a late leave after a sweep changes nothing.

const ADD_SUBSCRIPTION = `
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)`;

const REMOVE_SUBSCRIPTION = `
local mine = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if mine <= 0 then return -1 end
if mine == 1 then redis.call('HDEL', KEYS[2], ARGV[1]) else redis.call('HINCRBY', KEYS[2], ARGV[1], -1) end
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) left = 0 end
return left`;

// Returns 1 first socket of the user, 0 another socket, -1 refused: the channel has ARGV[4] users already.
const JOIN_PRESENCE = `
local present = redis.call('HEXISTS', KEYS[1], 't:' .. ARGV[1]) == 1
local limit = tonumber(ARGV[4])
if not present and limit > 0 and tonumber(redis.call('HGET', KEYS[1], '#') or '0') >= limit then return -1 end
redis.call('HINCRBY', KEYS[1], 'n:' .. ARGV[1] .. ':' .. ARGV[2], 1)
redis.call('HINCRBY', KEYS[1], 't:' .. ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[5], 1)
if present then return 0 end
redis.call('HSET', KEYS[1], 'm:' .. ARGV[1], ARGV[3])
redis.call('HINCRBY', KEYS[1], '#', 1)
return 1`;

const LEAVE_PRESENCE = `
local field = 'n:' .. ARGV[1] .. ':' .. ARGV[2]
local mine = tonumber(redis.call('HGET', KEYS[1], field) or '0')
if mine <= 0 then return 0 end
if mine == 1 then redis.call('HDEL', KEYS[1], field) else redis.call('HINCRBY', KEYS[1], field, -1) end
if redis.call('HINCRBY', KEYS[2], ARGV[3], -1) <= 0 then redis.call('HDEL', KEYS[2], ARGV[3]) end
local total = redis.call('HINCRBY', KEYS[1], 't:' .. ARGV[1], -1)
if total > 0 then return 0 end
redis.call('HDEL', KEYS[1], 't:' .. ARGV[1], 'm:' .. ARGV[1])
if redis.call('HINCRBY', KEYS[1], '#', -1) <= 0 then redis.call('DEL', KEYS[1]) end
return 1`;

// Takes a dead node's sockets out of one presence channel; returns the members who had no other socket.
const SWEEP_PRESENCE = `
local suffix = ':' .. ARGV[1]
local fields = redis.call('HGETALL', KEYS[1])
local removed = {}
for i = 1, #fields, 2 do
  local field = fields[i]
  if string.sub(field, 1, 2) == 'n:' and #field > #suffix + 2 and string.sub(field, -#suffix) == suffix then
    local user = string.sub(field, 3, #field - #suffix)
    redis.call('HDEL', KEYS[1], field)
    local total = redis.call('HINCRBY', KEYS[1], 't:' .. user, -tonumber(fields[i + 1]))
    if total <= 0 then
      local member = redis.call('HGET', KEYS[1], 'm:' .. user)
      redis.call('HDEL', KEYS[1], 't:' .. user, 'm:' .. user)
      redis.call('HINCRBY', KEYS[1], '#', -1)
      if member then removed[#removed + 1] = member end
    end
  end
end
if tonumber(redis.call('HGET', KEYS[1], '#') or '0') <= 0 then redis.call('DEL', KEYS[1]) end
redis.call('HDEL', KEYS[2], ARGV[2])
return removed`;

// Subtracts a dead node's subscriptions; returns the channels left with none.
const SWEEP_SUBSCRIPTIONS = `
local counts = redis.call('HGETALL', KEYS[2])
local vacated = {}
for i = 1, #counts, 2 do
  local left = redis.call('HINCRBY', KEYS[1], counts[i], -tonumber(counts[i + 1]))
  if left <= 0 then
    redis.call('HDEL', KEYS[1], counts[i])
    vacated[#vacated + 1] = counts[i]
  end
end
redis.call('DEL', KEYS[2])
return vacated`;

export interface RedisClusterStateOptions {
  /** A node whose lease is not renewed for this long is taken for dead and swept (ms). */
  nodeTtlMs?: number;
}

/** Channel and presence state shared by all nodes through Redis, with each node's share expiring with it. */
export class RedisClusterState implements ClusterState {
  private readonly subscriptionsKey: string;
  private readonly nodesKey: string;
  private readonly nodeTtlMs: number;
  private leaseHeld = false;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly nodeId: string,
    options: RedisClusterStateOptions = {},
  ) {
    this.subscriptionsKey = `${keyPrefix}realtime:subscriptions`;
    this.nodesKey = `${keyPrefix}realtime:nodes`;
    this.nodeTtlMs = options.nodeTtlMs ?? 15_000;
  }

  private presenceKey(channel: string): string {
    return `${this.keyPrefix}realtime:presence:${channel}`;
  }

  private nodeSubsKey(node: string): string {
    return `${this.keyPrefix}realtime:node-subs:${node}`;
  }

  private nodePresenceKey(node: string): string {
    return `${this.keyPrefix}realtime:node-presence:${node}`;
  }

  private leaseKey(node: string): string {
    return `${this.keyPrefix}realtime:node:${node}`;
  }

  private cacheKey(channel: string): string {
    return `${this.keyPrefix}realtime:cache:${channel}`;
  }

  async addSubscription(channel: string): Promise<number> {
    if (!this.leaseHeld) await this.heartbeat(); // state written before the first lease could never be swept
    const keys = [this.subscriptionsKey, this.nodeSubsKey(this.nodeId)];
    return Number(await this.redis.eval(ADD_SUBSCRIPTION, 2, ...keys, channel));
  }

  async removeSubscription(channel: string): Promise<number> {
    const keys = [this.subscriptionsKey, this.nodeSubsKey(this.nodeId)];
    return Number(await this.redis.eval(REMOVE_SUBSCRIPTION, 2, ...keys, channel));
  }

  async joinPresence(channel: string, member: PresenceMember, limit: number): Promise<PresenceJoin> {
    if (!this.leaseHeld) await this.heartbeat();
    const keys = [this.presenceKey(channel), this.nodePresenceKey(this.nodeId)];
    const args = [String(member.user_id), this.nodeId, JSON.stringify(member), String(limit), channel];
    const outcome = Number(await this.redis.eval(JOIN_PRESENCE, 2, ...keys, ...args));
    return outcome === 1 ? 'first' : outcome === 0 ? 'again' : 'full';
  }

  async leavePresence(channel: string, userId: string): Promise<boolean> {
    const keys = [this.presenceKey(channel), this.nodePresenceKey(this.nodeId)];
    return (await this.redis.eval(LEAVE_PRESENCE, 2, ...keys, userId, this.nodeId, channel)) === 1;
  }

  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    const fields = await this.redis.hgetall(this.presenceKey(channel));
    return Object.entries(fields)
      .filter(([field]) => field.startsWith('m:'))
      .map(([, json]) => JSON.parse(json) as PresenceMember);
  }

  async presenceCount(channel: string): Promise<number> {
    return Number((await this.redis.hget(this.presenceKey(channel), '#')) ?? 0);
  }

  async subscriptionCount(channel: string): Promise<number> {
    return Number((await this.redis.hget(this.subscriptionsKey, channel)) ?? 0);
  }

  async channels(): Promise<Map<string, number>> {
    const counts = await this.redis.hgetall(this.subscriptionsKey);
    const occupied = new Map<string, number>();
    for (const [channel, count] of Object.entries(counts)) if (Number(count) > 0) occupied.set(channel, Number(count));
    return occupied;
  }

  async cacheEvent(channel: string, event: CachedEvent, ttlMs: number): Promise<void> {
    await this.redis.set(this.cacheKey(channel), JSON.stringify(event), 'PX', ttlMs);
  }

  async cachedEvent(channel: string): Promise<CachedEvent | null> {
    const json = await this.redis.get(this.cacheKey(channel));
    return json ? (JSON.parse(json) as CachedEvent) : null;
  }

  async heartbeat(): Promise<boolean> {
    const [[, previous]] = (await this.redis
      .multi()
      .set(this.leaseKey(this.nodeId), '1', 'PX', this.nodeTtlMs, 'GET')
      .sadd(this.nodesKey, this.nodeId)
      .exec()) as [[Error | null, string | null], [Error | null, number]];
    const kept = !this.leaseHeld || previous !== null;
    this.leaseHeld = true;
    return kept;
  }

  async sweepDeadNodes(): Promise<SweepResult> {
    const result: SweepResult = { deadNodes: [], removedMembers: [], vacatedChannels: [] };
    const others = (await this.redis.smembers(this.nodesKey)).filter((node) => node !== this.nodeId);
    if (others.length === 0) return result;
    const alive = await this.redis.mget(others.map((node) => this.leaseKey(node)));
    for (const [index, node] of others.entries()) {
      if (alive[index] !== null) continue;
      // One sweeper per dead node; the lock lapses so a sweeper that dies midway is replaced.
      const lock = `${this.keyPrefix}realtime:sweeping:${node}`;
      if ((await this.redis.set(lock, this.nodeId, 'PX', this.nodeTtlMs, 'NX')) !== 'OK') continue;
      await this.sweepNode(node, result);
      await this.redis.srem(this.nodesKey, node);
      result.deadNodes.push(node);
    }
    return result;
  }

  private async sweepNode(node: string, result: SweepResult): Promise<void> {
    for (const channel of await this.redis.hkeys(this.nodePresenceKey(node))) {
      const keys = [this.presenceKey(channel), this.nodePresenceKey(node)];
      const removed = (await this.redis.eval(SWEEP_PRESENCE, 2, ...keys, node, channel)) as string[];
      for (const json of removed) result.removedMembers.push({ channel, member: JSON.parse(json) as PresenceMember });
    }
    const keys = [this.subscriptionsKey, this.nodeSubsKey(node)];
    result.vacatedChannels.push(...((await this.redis.eval(SWEEP_SUBSCRIPTIONS, 2, ...keys)) as string[]));
  }

  /** A clean stop: the node's sockets have left already; whatever share is left over is taken away with the lease. */
  async close(): Promise<void> {
    if (!this.leaseHeld) return;
    this.leaseHeld = false;
    await this.sweepNode(this.nodeId, { deadNodes: [], removedMembers: [], vacatedChannels: [] });
    await this.redis.multi().del(this.leaseKey(this.nodeId)).srem(this.nodesKey, this.nodeId).exec();
  }
}
