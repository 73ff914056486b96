import {
  acceptsClientEvents,
  channelKind,
  channelNameProblem,
  isCacheChannel,
  MAX_CHANNEL_NAME_LENGTH,
  MAX_EVENT_NAME_LENGTH,
  SERVER_TO_USER_PREFIX,
} from './channel-name';
import type { Connection, PresenceMember } from './connection';
import { verifyChannelAuth } from './crypto';
import type { ClusterState, EventBus } from './cluster/types';
import type { LocalChannels } from './local-channels';
import type { ResolvedServerOptions } from './options';
import { ErrorCode } from './protocol';
import type { WebhookEvent } from './webhook-events';

export interface SubscribeRequest {
  channel?: unknown;
  auth?: unknown;
  channel_data?: unknown;
}

/**
 * Subscribe / unsubscribe / client events: the protocol rules, independent of transport.
 * Callers run subscribe and unsubscribe of one socket through `connection.serial`.
 */
export class ChannelManager {
  constructor(
    private readonly options: ResolvedServerOptions,
    private readonly local: LocalChannels,
    private readonly state: ClusterState,
    private readonly bus: EventBus,
    private readonly notify: (event: WebhookEvent) => void,
  ) {}

  async subscribe(connection: Connection, request: SubscribeRequest): Promise<void> {
    const channel = request.channel;
    const problem = channelNameProblem(channel);
    if (problem) {
      // Without a name there is no subscription to refuse: only then is it the connection's error.
      if (typeof channel !== 'string' || channel.length === 0) connection.sendError(null, problem);
      else connection.refuseSubscription(channel, nameErrorType(channel), ErrorCode.Unauthorized, problem);
      return;
    }
    const name = channel as string;
    if (connection.subscriptions.has(name)) {
      connection.send('pusher_internal:subscription_succeeded', this.alreadySubscribedData(connection, name), name);
      return;
    }
    const kind = channelKind(name);
    const channelData = typeof request.channel_data === 'string' ? request.channel_data : undefined;
    if (kind === 'user') {
      if (connection.userId === null || name !== SERVER_TO_USER_PREFIX + connection.userId) {
        connection.refuseSubscription(name, 'AuthError', 403, 'Only the signed-in user may listen on this channel');
        return;
      }
    } else if (
      kind !== 'public' &&
      !this.isAuthorized(connection, name, request.auth, kind === 'presence' ? channelData : undefined)
    ) {
      connection.refuseSubscription(
        name,
        'AuthError',
        401,
        'Invalid signature: the auth token does not match this socket and channel',
      );
      return;
    }
    if (kind === 'presence') return this.joinPresence(connection, name, channelData);
    await this.countIn(connection, name);
    connection.send('pusher_internal:subscription_succeeded', {}, name);
    await this.replayCache(connection, name);
  }

  async unsubscribe(connection: Connection, channel: unknown): Promise<void> {
    if (typeof channel !== 'string' || !connection.subscriptions.delete(channel)) return;
    this.local.remove(channel, connection);
    const member = connection.presence.get(channel);
    if (member) {
      connection.presence.delete(channel);
      await this.leavePresence(channel, member);
    }
    // Vacated after the last member left, the order Pusher's webhooks use.
    if ((await this.state.removeSubscription(channel)) === 0) this.notify({ name: 'channel_vacated', channel });
  }

  /** Runs when a socket goes, cleanly or not: presence removal must still be announced. */
  async unsubscribeAll(connection: Connection): Promise<void> {
    await Promise.all([...connection.subscriptions].map((channel) => this.unsubscribe(connection, channel)));
  }

  async clientEvent(connection: Connection, event: string, channel: unknown, data: unknown): Promise<void> {
    if (event.length > MAX_EVENT_NAME_LENGTH) {
      connection.sendError(
        ErrorCode.ClientEventRejected,
        `Client event rejected - the event name is longer than ${MAX_EVENT_NAME_LENGTH} characters`,
      );
      return;
    }
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
    // On presence channels receivers learn who sent it (pusher-js `metadata.user_id`), as Pusher does.
    const sender = connection.presence.get(channel);
    const userId = sender ? String(sender.user_id) : undefined;
    await this.bus.publish({ channels: [channel], event, data: payload, exceptSocketId: connection.socketId, userId });
    this.notify({
      name: 'client_event',
      channel,
      event,
      data: payload,
      socket_id: connection.socketId,
      ...(userId === undefined ? {} : { user_id: userId }),
    });
  }

  private async joinPresence(connection: Connection, channel: string, channelData: string | undefined): Promise<void> {
    const member = parsePresenceMember(channelData);
    if (!member) {
      connection.refuseSubscription(channel, 'AuthError', 401, 'Presence channel_data must be JSON with a user_id');
      return;
    }
    const infoBytes = Buffer.byteLength(JSON.stringify(member.user_info ?? null));
    if (infoBytes > this.options.maxPresenceUserInfoBytes) {
      const limit = this.options.maxPresenceUserInfoBytes;
      connection.refuseSubscription(
        channel,
        'LimitReached',
        ErrorCode.ClientEventRejected,
        `The member's user_info is ${infoBytes} bytes; at most ${limit} bytes are allowed`,
      );
      return;
    }
    const joined = await this.state.joinPresence(channel, member, this.options.maxPresenceMembers);
    if (joined === 'full') {
      connection.refuseSubscription(
        channel,
        'LimitReached',
        ErrorCode.OverCapacity,
        `The presence channel already has ${this.options.maxPresenceMembers} members`,
      );
      return;
    }
    connection.presence.set(channel, member);
    await this.countIn(connection, channel);
    const members = await this.state.presenceMembers(channel);
    connection.send('pusher_internal:subscription_succeeded', { presence: presencePayload(members) }, channel);
    if (joined === 'first') {
      const userId = String(member.user_id);
      const added = JSON.stringify({ user_id: member.user_id, user_info: member.user_info });
      await this.bus.publish({
        channels: [channel],
        event: 'pusher_internal:member_added',
        data: added,
        exceptSocketId: connection.socketId,
      });
      this.notify({ name: 'member_added', channel, user_id: userId });
    }
    await this.replayCache(connection, channel);
  }

  private async leavePresence(channel: string, member: PresenceMember): Promise<void> {
    if (await this.state.leavePresence(channel, String(member.user_id))) await this.announceRemoval(channel, member);
  }

  /** Tells every node's subscribers that a member left (their last socket, or their node died). */
  async announceRemoval(channel: string, member: PresenceMember): Promise<void> {
    await this.bus.publish({
      channels: [channel],
      event: 'pusher_internal:member_removed',
      data: JSON.stringify({ user_id: member.user_id }),
    });
    this.notify({ name: 'member_removed', channel, user_id: String(member.user_id) });
  }

  /** Adds the socket locally and to the cluster count; the first subscriber cluster-wide occupies the channel. */
  private async countIn(connection: Connection, channel: string): Promise<void> {
    connection.subscriptions.add(channel);
    this.local.add(channel, connection);
    if ((await this.state.addSubscription(channel)) === 1) this.notify({ name: 'channel_occupied', channel });
  }

  /** Cache channels answer a new subscriber with their last event, or `pusher:cache_miss` when there is none. */
  private async replayCache(connection: Connection, channel: string): Promise<void> {
    if (!isCacheChannel(channel)) return;
    const cached = await this.state.cachedEvent(channel);
    if (cached) connection.send(cached.event, cached.data, channel);
    else connection.send('pusher:cache_miss', {}, channel);
  }

  private isAuthorized(connection: Connection, channel: string, auth: unknown, channelData?: string): boolean {
    return verifyChannelAuth(this.options.key, this.options.secret, connection.socketId, channel, auth, channelData);
  }

  private alreadySubscribedData(connection: Connection, channel: string): unknown {
    const member = connection.presence.get(channel);
    return member ? { presence: presencePayload([member]) } : {};
  }
}

function nameErrorType(channel: string): string {
  return channel.length > MAX_CHANNEL_NAME_LENGTH ? 'LimitReached' : 'InvalidChannel';
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
