/** Options given to RealtimeModule.forRoot by the app module. */
export const REALTIME_MODULE_OPTIONS = Symbol('REALTIME_MODULE_OPTIONS');

export interface RealtimeModuleOptions {
  /** Namespace for this deployment's (or test file's) Redis keys and pub/sub topic. */
  redisPrefix?: string;
  /** How often this node renews its cluster lease and sweeps dead nodes (ms; default: the config's BROADCAST_CLUSTER_HEARTBEAT_MS). */
  clusterHeartbeatMs?: number;
  /** A node silent this long is taken for crashed and its members removed (ms; default: the config's BROADCAST_NODE_TTL_MS). */
  nodeTtlMs?: number;
}
