import type { PresenceMember } from '../connection';

/** One event to deliver to every node's subscribers of the channels. `data` is already a string. */
export interface BusEvent {
  channels: string[];
  event: string;
  data: string;
  exceptSocketId?: string;
}

/** Carries published events to every node (in-process, or Redis pub/sub). */
export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/** Cluster-wide channel state: subscription counts and presence membership. */
export interface ClusterState {
  addSubscription(channel: string): Promise<void>;
  removeSubscription(channel: string): Promise<void>;
  /** Resolves true when this is the user's first socket on the channel across the cluster. */
  joinPresence(channel: string, member: PresenceMember): Promise<boolean>;
  /** Resolves true when this was the user's last socket on the channel across the cluster. */
  leavePresence(channel: string, userId: string): Promise<boolean>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  /** Occupied channels with their subscription counts. */
  channels(): Promise<Map<string, number>>;
  close(): Promise<void>;
}
