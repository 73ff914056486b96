import type { PresenceMember } from '../connection';
import type { BusEvent, ClusterState, EventBus } from './types';

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

export class InMemoryClusterState implements ClusterState {
  private readonly subscriptions = new Map<string, number>();
  private readonly presence = new Map<string, Map<string, PresenceEntry>>();

  async addSubscription(channel: string): Promise<void> {
    this.subscriptions.set(channel, (this.subscriptions.get(channel) ?? 0) + 1);
  }

  async removeSubscription(channel: string): Promise<void> {
    const left = (this.subscriptions.get(channel) ?? 0) - 1;
    if (left > 0) this.subscriptions.set(channel, left);
    else this.subscriptions.delete(channel);
  }

  async joinPresence(channel: string, member: PresenceMember): Promise<boolean> {
    let users = this.presence.get(channel);
    if (!users) this.presence.set(channel, (users = new Map()));
    const id = String(member.user_id);
    const entry = users.get(id);
    if (entry) {
      entry.sockets += 1;
      return false;
    }
    users.set(id, { member, sockets: 1 });
    return true;
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

  async channels(): Promise<Map<string, number>> {
    return new Map(this.subscriptions);
  }

  async close(): Promise<void> {}
}
