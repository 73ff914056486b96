/** Options given to RealtimeModule.forRoot by the app module. */
export const REALTIME_MODULE_OPTIONS = Symbol('REALTIME_MODULE_OPTIONS');

export interface RealtimeModuleOptions {
  /** Namespace for this deployment's (or test file's) Redis keys and pub/sub topic. */
  redisPrefix?: string;
}
