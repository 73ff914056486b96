import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ChannelManager } from './channel-manager';
import { InMemoryClusterState, InProcessEventBus } from './cluster/in-memory';
import type { BusEvent, ClusterState, EventBus } from './cluster/types';
import { Connection } from './connection';
import { generateSocketId } from './crypto';
import { PusherHttpApi } from './http-api/http-api';
import { LocalChannels } from './local-channels';
import { resolveServerOptions, type PusherServerOptions, type ResolvedServerOptions } from './options';
import { isOriginAllowed } from './origin';
import { TokenBucket } from './rate-limiter';
import {
  connectionEstablishedFrame,
  decodeFrame,
  encodeFrame,
  ErrorCode,
  frameData,
  PROTOCOL_VERSION,
} from './protocol';

export interface PusherServerDeps {
  bus?: EventBus;
  state?: ClusterState;
  logger?: { warn(message: string): void };
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A Pusher Channels protocol 7 server that shares an existing http.Server:
 * WebSockets on `/app/{key}` and the Pusher HTTP API on `/apps/{appId}/...`.
 */
export class PusherServer {
  readonly options: ResolvedServerOptions;
  readonly bus: EventBus;
  readonly state: ClusterState;
  readonly api: PusherHttpApi;
  private readonly local = new LocalChannels();
  private readonly channels: ChannelManager;
  private readonly connections = new Map<string, Connection>();
  private readonly wss: WebSocketServer;
  private readonly logger: { warn(message: string): void };
  private sweeper: NodeJS.Timeout | null = null;
  private attached: {
    server: HttpServer;
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
    requestListeners: RequestListener[];
  } | null = null;
  private started: Promise<void> | null = null;

  constructor(options: PusherServerOptions, deps: PusherServerDeps = {}) {
    this.options = resolveServerOptions(options);
    this.bus = deps.bus ?? new InProcessEventBus();
    this.state = deps.state ?? new InMemoryClusterState();
    this.logger = deps.logger ?? console;
    this.channels = new ChannelManager(this.options, this.local, this.state, this.bus);
    this.api = new PusherHttpApi(this);
    // ws would close oversize frames with 1009 on its own; leave headroom so we answer with a Pusher error first.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: Math.max(this.options.maxMessageSize * 4, 1024 * 1024),
    });
  }

  /** Starts the bus subscription and the idle sweeper; idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.bus.onEvent((event) => this.deliver(event));
      this.sweeper = setInterval(() => this.sweepIdle(), this.options.sweepIntervalMs);
      this.sweeper.unref();
    })();
    return this.started;
  }

  /** Hooks the WebSocket upgrade and the HTTP API into a server the app already owns. */
  async attach(server: HttpServer): Promise<void> {
    if (this.attached?.server === server) return; // idempotent: main.ts and tests may both call it
    if (this.attached) throw new Error('PusherServer is already attached to another http.Server');
    await this.start();
    const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.handleUpgrade(req, socket, head, server);
    // The HTTP API must see the raw body (body_md5), so it runs before the framework's body parsers.
    const requestListeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.api.matches(req)) {
        void this.api.handle(req, res);
        return;
      }
      for (const listener of requestListeners) listener.call(server, req, res);
    });
    server.on('upgrade', upgrade);
    this.attached = { server, upgrade, requestListeners };
  }

  /** Publishes to every node; `data` is sent as given when already a string. */
  async publish(channels: string[], event: string, data: unknown, exceptSocketId?: string): Promise<void> {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    await this.bus.publish({ channels, event, data: payload, exceptSocketId });
  }

  connectionCount(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    if (this.attached) {
      const { server, upgrade, requestListeners } = this.attached;
      server.off('upgrade', upgrade);
      server.removeAllListeners('request');
      for (const listener of requestListeners) server.on('request', listener);
      this.attached = null;
    }
    const leaving = [...this.connections.values()].map(async (connection) => {
      connection.fail(ErrorCode.Reconnect, 'Server shutting down, reconnect');
      await this.forget(connection);
    });
    await Promise.allSettled(leaving);
    await this.waitForSocketsToClose(1_000);
    this.wss.close();
    await Promise.allSettled([this.bus.close(), this.state.close()]);
  }

  /** Gives clients a moment to complete the close handshake, then cuts the rest. */
  private async waitForSocketsToClose(graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (this.wss.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const socket of this.wss.clients) socket.terminate();
  }

  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, server: HttpServer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = url.pathname.match(new RegExp(`^${escapeRegExp(this.options.pathPrefix)}/app/([^/]+)$`));
    if (!match) {
      // Other upgrade handlers may own this path; if we are alone, do not leave the socket hanging.
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req, decodeURIComponent(match[1]), url));
  }

  private accept(ws: WebSocket, req: IncomingMessage, key: string, url: URL): void {
    const connection = new Connection(
      generateSocketId(),
      ws,
      new TokenBucket(this.options.clientEventLimit.max, this.options.clientEventLimit.perMs),
    );
    const refusal = this.refusalFor(req, key, url);
    if (refusal) {
      connection.fail(refusal.code, refusal.message);
      return;
    }
    this.connections.set(connection.socketId, connection);
    ws.on('message', (raw, isBinary) => this.onMessage(connection, raw, isBinary));
    ws.on('pong', () => connection.touch());
    ws.on('close', () => void this.forget(connection));
    ws.on('error', () => connection.terminate());
    connection.sendRaw(connectionEstablishedFrame(connection.socketId, this.options.activityTimeoutSeconds));
  }

  private refusalFor(req: IncomingMessage, key: string, url: URL): { code: number; message: string } | null {
    if (key !== this.options.key) return { code: ErrorCode.UnknownApp, message: `Application does not exist` };
    const protocol = Number(url.searchParams.get('protocol') ?? PROTOCOL_VERSION);
    if (protocol < 5 || protocol > PROTOCOL_VERSION)
      return { code: ErrorCode.UnsupportedProtocol, message: `Unsupported protocol version ${protocol}` };
    if (!isOriginAllowed(req.headers.origin, this.options.allowedOrigins))
      return { code: ErrorCode.Unauthorized, message: 'Origin not allowed' };
    if (this.options.maxConnections > 0 && this.connections.size >= this.options.maxConnections) {
      return { code: ErrorCode.OverConnectionQuota, message: 'Application is over connection quota' };
    }
    return null;
  }

  private onMessage(connection: Connection, raw: RawData, isBinary: boolean): void {
    connection.touch();
    const size = Array.isArray(raw)
      ? raw.reduce((n, b) => n + b.length, 0)
      : raw instanceof ArrayBuffer
        ? raw.byteLength
        : raw.length;
    if (size > this.options.maxMessageSize) {
      connection.sendError(ErrorCode.Unauthorized, 'Maximum message size exceeded');
      return;
    }
    const frame = isBinary ? null : decodeFrame(raw.toString());
    if (!frame) {
      connection.sendError(null, 'Invalid message format');
      return;
    }
    this.dispatch(connection, frame.event, frame.channel, frame.data, frameData(frame)).catch((error: unknown) => {
      this.logger.warn(`realtime: ${frame.event} failed: ${String(error)}`);
      connection.sendError(null, 'Internal server error');
    });
  }

  private async dispatch(
    connection: Connection,
    event: string,
    channel: string | undefined,
    rawData: unknown,
    data: Record<string, unknown>,
  ): Promise<void> {
    switch (event) {
      case 'pusher:ping':
        connection.send('pusher:pong', {});
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.channels.subscribe(connection, data);
      case 'pusher:unsubscribe':
        return this.channels.unsubscribe(connection, data.channel);
      default:
        if (event.startsWith('client-')) return this.channels.clientEvent(connection, event, channel, rawData);
    }
  }

  /** Local fan-out of one bus event: the frame is serialized once per channel. */
  private deliver(event: BusEvent): void {
    for (const channel of event.channels) {
      const subscribers = this.local.subscribers(channel);
      if (!subscribers) continue;
      const frame = Buffer.from(encodeFrame(event.event, event.data, channel)); // UTF-8 once, not per socket
      for (const connection of subscribers) {
        if (connection.socketId !== event.exceptSocketId) connection.sendRaw(frame);
      }
    }
  }

  private async forget(connection: Connection): Promise<void> {
    if (!this.connections.delete(connection.socketId)) return;
    connection.closed = true;
    try {
      await this.channels.unsubscribeAll(connection);
    } catch (error) {
      this.logger.warn(`realtime: cleanup of ${connection.socketId} failed: ${String(error)}`);
    }
  }

  /** Pings sockets silent for the activity window; closes those that left a ping unanswered. */
  private sweepIdle(): void {
    const now = Date.now();
    for (const connection of this.connections.values()) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt >= this.options.pongTimeoutMs) {
          connection.fail(ErrorCode.PongNotReceived, 'Pong reply not received');
          // A dead peer never completes the close handshake: announce its departure now.
          void this.forget(connection);
        }
      } else if (now - connection.lastSeenAt >= this.options.serverPingAfterMs) {
        connection.ping();
      }
    }
  }

  // Read-side used by the HTTP API.
  async occupiedChannels(): Promise<Map<string, number>> {
    return this.state.channels();
  }

  async presenceMembers(channel: string) {
    return this.state.presenceMembers(channel);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
