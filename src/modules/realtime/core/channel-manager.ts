import { acceptsClientEvents, channelKind, isValidChannelName } from './channel-name';
import type { Connection, PresenceMember } from './connection';
import { verifyChannelAuth } from './crypto';
import type { ClusterState, EventBus } from './cluster/types';
import type { LocalChannels } from './local-channels';
import type { ResolvedServerOptions } from './options';
import { ErrorCode } from './protocol';

export interface SubscribeRequest {
  channel?: unknown;
  auth?: unknown;
  channel_data?: unknown;
}

/** Subscribe / unsubscribe / client events: the protocol rules, independent of transport. */
export class ChannelManager {
  constructor(
    private readonly options: ResolvedServerOptions,
    private readonly local: LocalChannels,
    private readonly state: ClusterState,
    private readonly bus: EventBus,
  ) {}

  async subscribe(connection: Connection, request: SubscribeRequest): Promise<void> {
    const channel = request.channel;
    if (!isValidChannelName(channel)) {
      connection.sendError(null, 'Invalid channel name');
      return;
    }
    if (connection.subscriptions.has(channel)) {
      connection.send(
        'pusher_internal:subscription_succeeded',
        this.alreadySubscribedData(connection, channel),
        channel,
      );
      return;
    }
    const kind = channelKind(channel);
    const channelData = typeof request.channel_data === 'string' ? request.channel_data : undefined;
    if (
      kind !== 'public' &&
      !this.isAuthorized(connection, channel, request.auth, kind === 'presence' ? channelData : undefined)
    ) {
      this.refuse(connection, channel, 'Invalid signature: the auth token does not match this socket and channel');
      return;
    }
    if (kind === 'presence') {
      const member = parsePresenceMember(channelData);
      if (!member) {
        this.refuse(connection, channel, 'Presence channel_data must be JSON with a user_id');
        return;
      }
      await this.joinPresence(connection, channel, member);
      return;
    }
    this.addLocal(connection, channel);
    await this.state.addSubscription(channel);
    connection.send('pusher_internal:subscription_succeeded', {}, channel);
  }

  async unsubscribe(connection: Connection, channel: unknown): Promise<void> {
    if (typeof channel !== 'string' || !connection.subscriptions.delete(channel)) return;
    this.local.remove(channel, connection);
    await this.state.removeSubscription(channel);
    const member = connection.presence.get(channel);
    if (member) {
      connection.presence.delete(channel);
      await this.leavePresence(channel, member);
    }
  }

  /** Runs when a socket goes, cleanly or not: presence removal must still be announced. */
  async unsubscribeAll(connection: Connection): Promise<void> {
    await Promise.all([...connection.subscriptions].map((channel) => this.unsubscribe(connection, channel)));
  }

  async clientEvent(connection: Connection, event: string, channel: unknown, data: unknown): Promise<void> {
    if (typeof channel !== 'string' || !acceptsClientEvents(channel)) {
      connection.sendError(
        ErrorCode.ClientEventRejected,
        'Client event rejected - only supported on private and presence channels',
      );
      return;
    }
    if (!connection.subscriptions.has(channel)) {
      connection.sendError(
        ErrorCode.ClientEventRejected,
        `Client event rejected - not subscribed to channel ${channel}`,
      );
      return;
    }
    if (!connection.clientEvents.tryTake()) {
      connection.sendError(ErrorCode.ClientEventRejected, 'Client event rejected due to rate limit');
      return;
    }
    const payload = typeof data === 'string' ? data : JSON.stringify(data ?? {});
    await this.bus.publish({ channels: [channel], event, data: payload, exceptSocketId: connection.socketId });
  }

  private async joinPresence(connection: Connection, channel: string, member: PresenceMember): Promise<void> {
    this.addLocal(connection, channel);
    connection.presence.set(channel, member);
    const first = await this.state.joinPresence(channel, member);
    await this.state.addSubscription(channel);
    const members = await this.state.presenceMembers(channel);
    connection.send('pusher_internal:subscription_succeeded', { presence: presencePayload(members) }, channel);
    if (first) {
      const added = JSON.stringify({ user_id: member.user_id, user_info: member.user_info });
      await this.bus.publish({
        channels: [channel],
        event: 'pusher_internal:member_added',
        data: added,
        exceptSocketId: connection.socketId,
      });
    }
  }

  private async leavePresence(channel: string, member: PresenceMember): Promise<void> {
    const last = await this.state.leavePresence(channel, String(member.user_id));
    if (last) {
      await this.bus.publish({
        channels: [channel],
        event: 'pusher_internal:member_removed',
        data: JSON.stringify({ user_id: member.user_id }),
      });
    }
  }

  private addLocal(connection: Connection, channel: string): void {
    connection.subscriptions.add(channel);
    this.local.add(channel, connection);
  }

  private isAuthorized(connection: Connection, channel: string, auth: unknown, channelData?: string): boolean {
    return verifyChannelAuth(this.options.key, this.options.secret, connection.socketId, channel, auth, channelData);
  }

  private refuse(connection: Connection, channel: string, error: string): void {
    connection.send('pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel);
  }

  private alreadySubscribedData(connection: Connection, channel: string): unknown {
    const member = connection.presence.get(channel);
    return member ? { presence: presencePayload([member]) } : {};
  }
}

function parsePresenceMember(channelData: string | undefined): PresenceMember | null {
  if (!channelData) return null;
  try {
    const parsed = JSON.parse(channelData) as Partial<PresenceMember>;
    if (parsed.user_id === undefined || parsed.user_id === null || parsed.user_id === '') return null;
    return { user_id: parsed.user_id, user_info: parsed.user_info };
  } catch {
    return null;
  }
}

export function presencePayload(members: PresenceMember[]): {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
} {
  const hash: Record<string, unknown> = {};
  for (const member of members) hash[String(member.user_id)] = member.user_info ?? null;
  const ids = Object.keys(hash);
  return { ids, hash, count: ids.length };
}
