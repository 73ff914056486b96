import type { PresenceMember } from '../connection';

/** One event to deliver to every node's subscribers of the channels. `data` is already a string. */
export interface BusEvent {
  channels: string[];
  event: string;
  data: string;
  exceptSocketId?: string;
  /** Client events on presence channels carry the sender's user id (pusher-js `metadata.user_id`). */
  userId?: string;
  /** Control message: every node closes the connections signed in as this user. */
  terminateUserId?: string;
}

/** Carries published events to every node (in-process, or Redis pub/sub). */
export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/** Outcome of a presence join: the user's first socket, another socket of a present user, or refused (full). */
export type PresenceJoin = 'first' | 'again' | 'full';

/** What a sweep of dead nodes took away, so the sweeping node can announce it once. */
export interface SweepResult {
  deadNodes: string[];
  removedMembers: Array<{ channel: string; member: PresenceMember }>;
  vacatedChannels: string[];
}

export interface CachedEvent {
  event: string;
  data: string;
}

/**
 * Cluster-wide channel state: subscription counts and presence membership.
 * Counts returned by the mutators are cluster-wide, so exactly one node sees each 0->1 and 1->0 change.
 */
export interface ClusterState {
  /** Resolves with the channel's subscription count after adding this one. */
  addSubscription(channel: string): Promise<number>;
  /** Resolves with the count left, or -1 when this node held no subscription there (already swept). */
  removeSubscription(channel: string): Promise<number>;
  /** `limit` distinct users at most (0 = no limit); a present user's extra socket is always accepted. */
  joinPresence(channel: string, member: PresenceMember, limit: number): Promise<PresenceJoin>;
  /** Resolves true when this was the user's last socket on the channel across the cluster. */
  leavePresence(channel: string, userId: string): Promise<boolean>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  presenceCount(channel: string): Promise<number>;
  subscriptionCount(channel: string): Promise<number>;
  /** Occupied channels with their subscription counts. */
  channels(): Promise<Map<string, number>>;
  cacheEvent(channel: string, event: CachedEvent, ttlMs: number): Promise<void>;
  cachedEvent(channel: string): Promise<CachedEvent | null>;
  /**
   * Renews this node's liveness lease. Resolves false when the lease had lapsed since the last renewal:
   * other nodes may have swept this node's members, so its sockets must rejoin.
   */
  heartbeat(): Promise<boolean>;
  /** Removes the share of nodes whose lease lapsed (crashed); each dead node is swept by one node only. */
  sweepDeadNodes(): Promise<SweepResult>;
  close(): Promise<void>;
}
