import type { PresenceMember } from '../connection';
import type { BusEvent, CachedEvent, ClusterState, EventBus, PresenceJoin, SweepResult } from './types';

/** Single-node bus: delivery is a direct call. */
export class InProcessEventBus implements EventBus {
  private handler: ((event: BusEvent) => void) | null = null;

  async publish(event: BusEvent): Promise<void> {
    this.handler?.(event);
  }

  async onEvent(handler: (event: BusEvent) => void): Promise<void> {
    this.handler = handler;
  }

  async close(): Promise<void> {
    this.handler = null;
  }
}

interface PresenceEntry {
  member: PresenceMember;
  sockets: number;
}

/** One node alone: there is no other node to die, so heartbeats and sweeps have nothing to do. */
export class InMemoryClusterState implements ClusterState {
  private readonly subscriptions = new Map<string, number>();
  private readonly presence = new Map<string, Map<string, PresenceEntry>>();
  private readonly cache = new Map<string, { event: CachedEvent; expiresAt: number }>();

  async addSubscription(channel: string): Promise<number> {
    const count = (this.subscriptions.get(channel) ?? 0) + 1;
    this.subscriptions.set(channel, count);
    return count;
  }

  async removeSubscription(channel: string): Promise<number> {
    const current = this.subscriptions.get(channel);
    if (!current) return -1;
    const left = current - 1;
    if (left > 0) this.subscriptions.set(channel, left);
    else this.subscriptions.delete(channel);
    return left;
  }

  async joinPresence(channel: string, member: PresenceMember, limit: number): Promise<PresenceJoin> {
    let users = this.presence.get(channel);
    const id = String(member.user_id);
    const entry = users?.get(id);
    if (entry) {
      entry.sockets += 1;
      return 'again';
    }
    if (limit > 0 && (users?.size ?? 0) >= limit) return 'full';
    if (!users) this.presence.set(channel, (users = new Map()));
    users.set(id, { member, sockets: 1 });
    return 'first';
  }

  async leavePresence(channel: string, userId: string): Promise<boolean> {
    const users = this.presence.get(channel);
    const entry = users?.get(userId);
    if (!users || !entry) return false;
    entry.sockets -= 1;
    if (entry.sockets > 0) return false;
    users.delete(userId);
    if (users.size === 0) this.presence.delete(channel);
    return true;
  }

  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    return [...(this.presence.get(channel)?.values() ?? [])].map((entry) => entry.member);
  }

  async presenceCount(channel: string): Promise<number> {
    return this.presence.get(channel)?.size ?? 0;
  }

  async subscriptionCount(channel: string): Promise<number> {
    return this.subscriptions.get(channel) ?? 0;
  }

  async channels(): Promise<Map<string, number>> {
    return new Map(this.subscriptions);
  }

  async cacheEvent(channel: string, event: CachedEvent, ttlMs: number): Promise<void> {
    this.cache.set(channel, { event, expiresAt: performance.now() + ttlMs });
  }

  async cachedEvent(channel: string): Promise<CachedEvent | null> {
    const entry = this.cache.get(channel);
    if (!entry) return null;
    if (entry.expiresAt > performance.now()) return entry.event;
    this.cache.delete(channel);
    return null;
  }

  async heartbeat(): Promise<boolean> {
    return true;
  }

  async sweepDeadNodes(): Promise<SweepResult> {
    return { deadNodes: [], removedMembers: [], vacatedChannels: [] };
  }

  async close(): Promise<void> {}
}
