export interface PusherAppCredentials {
  appId: string;
  key: string;
  secret: string;
}

export interface PusherServerOptions extends PusherAppCredentials {
  /** Sent to clients in connection_established (seconds); Pusher's default is 120. */
  activityTimeoutSeconds?: number;
  /** Server pings a socket silent for this long (ms). Defaults to activityTimeoutSeconds. */
  serverPingAfterMs?: number;
  /** A pinged socket that does not answer within this is closed with 4201 (ms). */
  pongTimeoutMs?: number;
  /** How often idle sockets are swept (ms). */
  sweepIntervalMs?: number;
  /** Largest accepted client frame in bytes (Reverb's default 10,000). */
  maxMessageSize?: number;
  /** Connections allowed on this node; 0 or undefined = unlimited. */
  maxConnections?: number;
  /** Host patterns; empty or ['*'] allows every origin. */
  allowedOrigins?: string[];
  /** Client events per socket per window (Pusher: 10 per second). */
  clientEventLimit?: { max: number; perMs: number };
  /** Mount point of the HTTP API and WebSocket path prefix (default ''). */
  pathPrefix?: string;
  /** Distinct users allowed on one presence channel (Pusher: 100); the next one gets subscription_error 4100. */
  maxPresenceMembers?: number;
  /** Largest presence `user_info`, bytes of JSON (Soketi's default: 2 KB); larger gets subscription_error 4301. */
  maxPresenceUserInfoBytes?: number;
  /** How often this node renews its cluster heartbeat and sweeps dead nodes' members (ms). */
  clusterHeartbeatMs?: number;
  /** How long a cache channel keeps its last event (ms; Pusher keeps it 30 minutes). */
  cacheTtlMs?: number;
}

export type ResolvedServerOptions = Required<Omit<PusherServerOptions, 'pathPrefix'>> & { pathPrefix: string };

export function resolveServerOptions(options: PusherServerOptions): ResolvedServerOptions {
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 120;
  return {
    appId: options.appId,
    key: options.key,
    secret: options.secret,
    activityTimeoutSeconds,
    serverPingAfterMs: options.serverPingAfterMs ?? activityTimeoutSeconds * 1000,
    pongTimeoutMs: options.pongTimeoutMs ?? 30_000,
    sweepIntervalMs: options.sweepIntervalMs ?? 5_000,
    maxMessageSize: options.maxMessageSize ?? 10_000,
    maxConnections: options.maxConnections ?? 0,
    allowedOrigins: options.allowedOrigins ?? ['*'],
    clientEventLimit: options.clientEventLimit ?? { max: 10, perMs: 1_000 },
    pathPrefix: (options.pathPrefix ?? '').replace(/\/$/, ''),
    maxPresenceMembers: options.maxPresenceMembers ?? 100,
    maxPresenceUserInfoBytes: options.maxPresenceUserInfoBytes ?? 2048,
    clusterHeartbeatMs: options.clusterHeartbeatMs ?? 5_000,
    cacheTtlMs: options.cacheTtlMs ?? 30 * 60_000,
  };
}
