import { createHash } from 'node:crypto';
import type { AppConfig } from '../../config/app-config';
import type { PusherServerOptions } from './core';

type BroadcastingConfig = AppConfig['broadcasting'];

/** Options for the built-in server, from the app configuration. */
export function serverOptionsFrom(config: BroadcastingConfig): PusherServerOptions {
  return {
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    activityTimeoutSeconds: config.activityTimeout,
    maxMessageSize: config.maxMessageSize,
    maxConnections: config.maxConnections,
    allowedOrigins: config.allowedOrigins,
    maxPresenceMembers: config.maxPresenceMembers,
    maxPresenceUserInfoBytes: config.maxPresenceUserInfoBytes,
  };
}

/**
 * Master key for `private-encrypted-` channels. Without a configured one the built-in
 * server derives a stable key from the app secret, so encrypted channels work in development.
 */
export function encryptionMasterKey(config: BroadcastingConfig): string {
  return (
    config.encryptionMasterKeyBase64 ?? createHash('sha256').update(`encryption:${config.secret}`).digest('base64')
  );
}

/** What the browser needs to connect: shared with every page as the `realtime` Inertia prop. */
export interface RealtimeClientSettings {
  enabled: boolean;
  broadcaster: 'reverb' | 'pusher';
  key: string;
  cluster: string;
  /** Null means "the page's own host" (the built-in server shares the app's port). */
  host: string | null;
  port: number | null;
  scheme: 'http' | 'https';
  forceTLS: boolean;
  authEndpoint: string;
}

export function clientSettingsFrom(config: BroadcastingConfig): RealtimeClientSettings {
  const hosted = config.driver === 'pusher';
  return {
    enabled: config.driver !== 'log',
    broadcaster: hosted ? 'pusher' : 'reverb',
    key: config.key,
    cluster: config.cluster,
    host: hosted ? null : config.host,
    port: hosted ? null : config.port,
    scheme: hosted ? 'https' : config.scheme,
    forceTLS: hosted || config.scheme === 'https',
    authEndpoint: '/broadcasting/auth',
  };
}
