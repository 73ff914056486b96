import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ChannelManager } from './channel-manager';
import { isCacheChannel } from './channel-name';
import { InMemoryClusterState, InProcessEventBus } from './cluster/in-memory';
import { ClusterMaintenance, type ClusterMaintenanceStats } from './cluster/maintenance';
import type { BusEvent, ClusterState, EventBus } from './cluster/types';
import { Connection } from './connection';
import { generateSocketId } from './crypto';
import { PusherHttpApi } from './http-api/http-api';
import { LocalChannels } from './local-channels';
import { resolveServerOptions, type PusherServerOptions, type ResolvedServerOptions } from './options';
import { isOriginAllowed } from './origin';
import { TokenBucket } from './rate-limiter';
import { signIn } from './signin';
import type { WebhookEvent } from './webhook-events';
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
  /** Receives what Pusher webhooks report (occupied, vacated, members, client events), raised once cluster-wide. */
  onWebhookEvent?: (event: WebhookEvent) => void;
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
  /** Upgrades `/app/{key}` requests; a framework adapter may hand it the upgrade (see acceptSocket). */
  readonly webSocketServer: WebSocketServer;
  private readonly logger: { warn(message: string): void };
  private sweeper: NodeJS.Timeout | null = null;
  private readonly cluster: ClusterMaintenance;
  private readonly notify: (event: WebhookEvent) => void;
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
    const observer = deps.onWebhookEvent;
    this.notify = (event) => {
      try {
        observer?.(event);
      } catch (error) {
        this.logger.warn(`realtime: webhook observer failed: ${String(error)}`);
      }
    };
    this.channels = new ChannelManager(this.options, this.local, this.state, this.bus, this.notify);
    this.cluster = new ClusterMaintenance(this.state, this.options.clusterHeartbeatMs, {
      announceRemoval: (channel, member) => this.channels.announceRemoval(channel, member),
      notify: this.notify,
      onLeaseLost: () => void this.reconnectAll('Node state was reset, reconnect'),
      logger: this.logger,
    });
    this.api = new PusherHttpApi(this);
    // ws would close oversize frames with 1009 on its own; leave headroom so we answer with a Pusher error first.
    this.webSocketServer = new WebSocketServer({
      noServer: true,
      maxPayload: Math.max(this.options.maxMessageSize * 4, 1024 * 1024),
    });
  }

  /** Starts the bus subscription, the node's cluster heartbeat and the sweepers; idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.bus.onEvent((event) => this.deliver(event));
      await this.state.heartbeat();
      this.sweeper = setInterval(() => this.sweepIdle(), this.options.sweepIntervalMs);
      this.sweeper.unref();
      this.cluster.start();
    })();
    return this.started;
  }

  /**
   * Hooks the HTTP API, and unless `websockets: false` (when a framework adapter owns the upgrade and hands
   * sockets to `acceptSocket`), the WebSocket upgrade, into a server the app already owns.
   */
  async attach(server: HttpServer, { websockets = true }: { websockets?: boolean } = {}): Promise<void> {
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
    if (websockets) server.on('upgrade', upgrade);
    this.attached = { server, upgrade, requestListeners };
  }

  /** The app key in a WebSocket path `{prefix}/app/{key}`, or null when the path is not ours. */
  socketPathKey(url: string | undefined): string | null {
    const { pathname } = new URL(url ?? '/', 'http://localhost');
    const match = pathname.match(new RegExp(`^${escapeRegExp(this.options.pathPrefix)}/app/([^/]+)$`));
    return match ? decodeURIComponent(match[1]) : null;
  }

  /** Serves a WebSocket another component upgraded (the NestJS gateway) as a Pusher connection. */
  acceptSocket(ws: WebSocket, req: IncomingMessage): void {
    const key = this.socketPathKey(req.url);
    if (key === null) {
      ws.close(1008, 'Not a Pusher endpoint');
      return;
    }
    this.accept(ws, req, key, new URL(req.url ?? '/', 'http://localhost'));
  }

  /** Publishes to every node; `data` is sent as given when already a string. Cache channels keep it. */
  async publish(channels: string[], event: string, data: unknown, exceptSocketId?: string): Promise<void> {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    const cached = channels.filter(isCacheChannel);
    if (cached.length) {
      const entry = { event, data: payload };
      await Promise.all(cached.map((channel) => this.state.cacheEvent(channel, entry, this.options.cacheTtlMs)));
    }
    await this.bus.publish({ channels, event, data: payload, exceptSocketId });
  }

  /** Closes every socket signed in as this user, on every node (HTTP API `terminate_connections`). */
  async terminateUser(userId: string): Promise<void> {
    await this.bus.publish({ channels: [], event: 'pusher_internal:terminate', data: '', terminateUserId: userId });
  }

  async subscriptionCount(channel: string): Promise<number> {
    return this.state.subscriptionCount(channel);
  }

  async presenceCount(channel: string): Promise<number> {
    return this.state.presenceCount(channel);
  }

  /** Renews this node's lease and sweeps crashed nodes now (it also runs every `clusterHeartbeatMs`). */
  maintainCluster(): Promise<void> {
    return this.cluster.run();
  }

  get maintenance(): ClusterMaintenanceStats {
    return this.cluster.stats;
  }

  connectionCount(): number {
    return this.connections.size;
  }

  /** Whether this node serves sockets (attached to an http server); worker-only nodes do not. */
  get serving(): boolean {
    return this.attached !== null;
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.cluster.stop();
    if (this.attached) {
      const { server, upgrade, requestListeners } = this.attached;
      server.off('upgrade', upgrade);
      server.removeAllListeners('request');
      for (const listener of requestListeners) server.on('request', listener);
      this.attached = null;
    }
    await this.reconnectAll('Server shutting down, reconnect');
    await this.waitForSocketsToClose(1_000);
    this.webSocketServer.close();
    await Promise.allSettled([this.bus.close(), this.state.close()]);
  }

  /** Gives clients a moment to complete the close handshake, then cuts the rest. */
  private async waitForSocketsToClose(graceMs: number): Promise<void> {
    const deadline = performance.now() + graceMs;
    while (this.webSocketServer.clients.size > 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    for (const socket of this.webSocketServer.clients) socket.terminate();
  }

  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, server: HttpServer): void {
    const key = this.socketPathKey(req.url);
    if (key === null) {
      // Other upgrade handlers may own this path; if we are alone, do not leave the socket hanging.
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    this.webSocketServer.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req, key, url));
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
        return connection.serial(() => this.channels.subscribe(connection, data));
      case 'pusher:unsubscribe':
        return connection.serial(() => this.channels.unsubscribe(connection, data.channel));
      case 'pusher:signin':
        return signIn(connection, this.options, data);
      default:
        if (event.startsWith('client-')) return this.channels.clientEvent(connection, event, channel, rawData);
    }
  }

  /** Local fan-out of one bus event: the frame is serialized once per channel. */
  private deliver(event: BusEvent): void {
    if (event.terminateUserId !== undefined) return this.terminateLocal(event.terminateUserId);
    for (const channel of event.channels) {
      const subscribers = this.local.subscribers(channel);
      if (!subscribers) continue;
      const frame = Buffer.from(encodeFrame(event.event, event.data, channel, event.userId)); // UTF-8 once
      for (const connection of subscribers) {
        if (connection.socketId !== event.exceptSocketId) connection.sendRaw(frame);
      }
    }
  }

  /** Closes every socket with 4200: pusher-js reconnects at once (to this node again, or another). */
  private async reconnectAll(reason: string): Promise<void> {
    const leaving = [...this.connections.values()].map((connection) => {
      connection.fail(ErrorCode.Reconnect, reason);
      return this.forget(connection);
    });
    await Promise.allSettled(leaving);
  }

  private terminateLocal(userId: string): void {
    for (const connection of [...this.connections.values()]) {
      if (connection.userId !== userId) continue;
      connection.fail(ErrorCode.Unauthorized, 'Connection terminated by the app');
      void this.forget(connection);
    }
  }

  private async forget(connection: Connection): Promise<void> {
    if (!this.connections.delete(connection.socketId)) return;
    connection.closed = true;
    try {
      // After any subscribe still in flight, so what it added is what gets removed.
      await connection.serial(() => this.channels.unsubscribeAll(connection));
    } catch (error) {
      this.logger.warn(`realtime: cleanup of ${connection.socketId} failed: ${String(error)}`);
    }
  }

  /** Pings sockets silent for the activity window; closes those that left a ping unanswered. */
  private sweepIdle(): void {
    const now = performance.now();
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
