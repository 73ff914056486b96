/** Server-provided settings (the `realtime` Inertia shared prop). */
export interface EchoSettings {
  enabled: boolean;
  key: string | null;
  /** 'reverb' = our built-in server; 'pusher' = hosted Pusher. */
  broadcaster?: 'reverb' | 'pusher';
  cluster?: string;
  /** Null/absent: the page's own host and port (the built-in server shares the app's port). */
  host?: string | null;
  port?: number | null;
  scheme?: 'http' | 'https';
  forceTLS?: boolean;
  authEndpoint?: string;
}

/** Spec 9: activity 120 s, pong 30 s, unavailable 10 s. */
export const TIMEOUTS = { activityTimeout: 120_000, pongTimeout: 30_000, unavailableTimeout: 10_000 } as const;
export const DEFAULT_AUTH_ENDPOINT = '/broadcasting/auth';
export const USER_AUTH_ENDPOINT = '/broadcasting/user-auth';

/** Same key, same endpoint: one Echo can be kept across Inertia visits. */
export function settingsKey(settings: EchoSettings): string {
  return JSON.stringify([
    settings.enabled,
    settings.key,
    settings.broadcaster,
    settings.cluster,
    settings.host,
    settings.port,
    settings.scheme,
    settings.forceTLS,
  ]);
}
