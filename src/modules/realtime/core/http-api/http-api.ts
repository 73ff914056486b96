import type { IncomingMessage, ServerResponse } from 'node:http';
import { channelKind, isValidChannelName } from '../channel-name';
import type { PresenceMember } from '../connection';
import type { ResolvedServerOptions } from '../options';
import { PayloadTooLargeError, readRawBody } from './read-body';
import { verifyRequestSignature } from './request-signature';

/** What the HTTP API needs from the server; keeps the API testable on its own. */
export interface PusherApiBackend {
  readonly options: ResolvedServerOptions;
  publish(channels: string[], event: string, data: string, exceptSocketId?: string): Promise<void>;
  occupiedChannels(): Promise<Map<string, number>>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  subscriptionCount(channel: string): Promise<number>;
  presenceCount(channel: string): Promise<number>;
  terminateUser(userId: string): Promise<void>;
  connectionCount(): number;
}

interface EventInput {
  name?: unknown;
  data?: unknown;
  channel?: unknown;
  channels?: unknown;
  socket_id?: unknown;
  info?: unknown;
}

interface ValidEvent {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
  info: Set<string>;
}

type ChannelCounts = { subscription_count?: number; user_count?: number };

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH_SIZE = 10;

/** The Pusher Channels HTTP API (events, batch_events, channel and user queries). */
export class PusherHttpApi {
  constructor(private readonly backend: PusherApiBackend) {}

  private get base(): string {
    return `${this.backend.options.pathPrefix}/apps/`;
  }

  matches(req: IncomingMessage): boolean {
    return (req.url ?? '').startsWith(this.base);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const body = await this.route(req);
      send(res, 200, body);
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, { error: error.message });
      else if (error instanceof PayloadTooLargeError) send(res, 413, { error: error.message });
      else send(res, 500, { error: 'Internal server error' });
    }
  }

  private async route(req: IncomingMessage): Promise<unknown> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { appId, key, secret, maxMessageSize } = this.backend.options;
    const rest = url.pathname.slice(this.base.length).split('/').map(decodeURIComponent);
    if (rest[0] !== appId) throw new HttpError(404, 'Unknown app');
    const method = (req.method ?? 'GET').toUpperCase();
    const rawBody =
      method === 'POST' ? await readRawBody(req, maxMessageSize * MAX_BATCH_SIZE + 64 * 1024) : Buffer.alloc(0);
    const problem = verifyRequestSignature(
      { method, path: url.pathname, query: url.searchParams, rawBody },
      key,
      secret,
      // eslint-disable-next-line no-restricted-syntax -- the peer stamps auth_timestamp with its own wall clock
      Date.now(),
    );
    if (problem) throw new HttpError(401, problem);

    const [, resource, channel, sub] = rest;
    if (method === 'POST' && resource === 'events' && !channel)
      return this.triggerEvent(parseJson(rawBody) as EventInput);
    if (method === 'POST' && resource === 'batch_events' && !channel) return this.triggerBatch(parseJson(rawBody));
    if (method === 'GET' && resource === 'channels' && !channel) return this.listChannels(url.searchParams);
    if (method === 'GET' && resource === 'channels' && channel && !sub)
      return this.channelInfo(channel, url.searchParams);
    if (method === 'GET' && resource === 'channels' && channel && sub === 'users') return this.channelUsers(channel);
    if (method === 'GET' && resource === 'connections' && !channel)
      return { connections: this.backend.connectionCount() };
    if (method === 'POST' && resource === 'users' && channel && sub === 'terminate_connections') {
      await this.backend.terminateUser(channel);
      return {};
    }
    throw new HttpError(404, 'Not found');
  }

  /** With `info` (subscription_count, user_count) the answer carries each channel's counts after publishing. */
  private async triggerEvent(input: EventInput): Promise<unknown> {
    const event = this.validateEvent(input);
    await this.backend.publish(event.channels, event.name, event.data, event.socketId);
    if (event.info.size === 0) return {};
    const channels: Record<string, ChannelCounts> = {};
    for (const channel of event.channels) channels[channel] = await this.counts(channel, event.info, true);
    return { channels };
  }

  private async triggerBatch(input: unknown): Promise<unknown> {
    const batch = (input as { batch?: unknown })?.batch;
    if (!Array.isArray(batch) || batch.length === 0) throw new HttpError(400, 'batch must be a non-empty array');
    if (batch.length > MAX_BATCH_SIZE) throw new HttpError(400, `Batch too large (max ${MAX_BATCH_SIZE})`);
    const events = batch.map((item) => this.validateEvent(item as EventInput)); // validate all before publishing any
    for (const event of events) await this.backend.publish(event.channels, event.name, event.data, event.socketId);
    return { batch: await Promise.all(events.map((event) => this.counts(event.channels[0], event.info, true))) };
  }

  /**
   * The counts asked for that apply to the channel, as Pusher and Reverb answer: user_count only on presence
   * channels; subscription_count on every channel when its info is read, but not for a presence channel in the
   * answer to a trigger (there a presence channel counts users, not connections).
   */
  private async counts(channel: string, info: Set<string>, triggered = false): Promise<ChannelCounts> {
    const answer: ChannelCounts = {};
    const presence = channelKind(channel) === 'presence';
    if (info.has('subscription_count') && !(triggered && presence))
      answer.subscription_count = await this.backend.subscriptionCount(channel);
    if (info.has('user_count') && presence) answer.user_count = await this.backend.presenceCount(channel);
    return answer;
  }

  private validateEvent(input: EventInput): ValidEvent {
    if (typeof input?.name !== 'string' || input.name.length === 0 || input.name.length > 200)
      throw new HttpError(400, 'Invalid event name');
    const channels = Array.isArray(input.channels)
      ? input.channels
      : input.channel !== undefined
        ? [input.channel]
        : [];
    if (channels.length === 0 || channels.length > MAX_CHANNELS_PER_EVENT)
      throw new HttpError(400, 'Between 1 and 100 channels required');
    if (!channels.every(isValidChannelName)) throw new HttpError(400, 'Invalid channel name');
    if (input.data === undefined || input.data === null) throw new HttpError(422, 'The data field is required');
    const data = typeof input.data === 'string' ? input.data : JSON.stringify(input.data);
    if (Buffer.byteLength(data) > this.backend.options.maxMessageSize) throw new HttpError(413, 'Event data too large');
    const socketId = typeof input.socket_id === 'string' ? input.socket_id : undefined;
    if (socketId !== undefined && !/^\d+\.\d+$/.test(socketId)) throw new HttpError(400, 'Invalid socket_id');
    const info = new Set(typeof input.info === 'string' ? input.info.split(',').filter(Boolean) : []);
    return { name: input.name, data, channels: channels as string[], socketId, info };
  }

  private async listChannels(query: URLSearchParams): Promise<unknown> {
    const prefix = query.get('filter_by_prefix') ?? '';
    const wantsUserCount = infoFields(query).has('user_count');
    const result: Record<string, { user_count?: number }> = {};
    for (const name of (await this.backend.occupiedChannels()).keys()) {
      if (!name.startsWith(prefix)) continue;
      result[name] =
        wantsUserCount && channelKind(name) === 'presence'
          ? { user_count: await this.backend.presenceCount(name) }
          : {};
    }
    return { channels: result };
  }

  private async channelInfo(channel: string, query: URLSearchParams): Promise<unknown> {
    const subscriptions = await this.backend.subscriptionCount(channel);
    return { occupied: subscriptions > 0, ...(await this.counts(channel, infoFields(query))) };
  }

  private async channelUsers(channel: string): Promise<unknown> {
    if (channelKind(channel) !== 'presence') throw new HttpError(400, 'Users are only available for presence channels');
    const members = await this.backend.presenceMembers(channel);
    return { users: members.map((member) => ({ id: member.user_id })) };
  }
}

function infoFields(query: URLSearchParams): Set<string> {
  return new Set((query.get('info') ?? '').split(',').filter(Boolean));
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Body must be JSON');
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}
