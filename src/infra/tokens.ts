export const RUNTIME = Symbol('RUNTIME');
/** The shared ioredis client, or null when this node runs without Redis (in-process mode). */
export const REDIS = Symbol('REDIS');
/** Namespace for this deployment's Redis keys (queues, real-time, rate limits). */
export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');
