import Echo from 'laravel-echo';
import Pusher from 'pusher-js/with-encryption';
import { setSocketId } from '@/lib/http';
import { createAuthorizer, createUserAuthenticator } from './authorizer';
import { connectionState, fromPusherState } from './connection-state';
import { DEFAULT_AUTH_ENDPOINT, TIMEOUTS, USER_AUTH_ENDPOINT, type EchoSettings } from './settings';

export type AppEcho = Echo<'reverb'> | Echo<'pusher'>;

interface PusherLike {
  connection: {
    state: string;
    socket_id?: string;
    bind(event: string, cb: (payload: { current: string }) => void): void;
  };
}

function connectionOptions(settings: EchoSettings): Record<string, unknown> {
  if (settings.broadcaster === 'pusher') {
    // Hosted Pusher (spec 9): cluster us3, TLS forced.
    return { broadcaster: 'pusher', cluster: settings.cluster ?? 'us3', forceTLS: true };
  }
  const forceTLS = settings.forceTLS ?? (settings.scheme ?? window.location.protocol.replace(':', '')) === 'https';
  const pagePort = Number(window.location.port) || (window.location.protocol === 'https:' ? 443 : 80);
  const port = settings.port ?? pagePort;
  return {
    broadcaster: 'reverb',
    wsHost: settings.host ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS,
    enabledTransports: ['ws', 'wss'],
  };
}

/**
 * Builds one Echo instance from the server's settings, and keeps two things in step with
 * the socket: the X-Socket-Id our HTTP client sends (toOthers) and the connection-state store.
 */
export function createEcho(settings: EchoSettings): AppEcho {
  const authEndpoint = settings.authEndpoint ?? DEFAULT_AUTH_ENDPOINT;
  const echo = new Echo({
    ...connectionOptions(settings),
    key: settings.key ?? '',
    Pusher,
    disableStats: true,
    ...TIMEOUTS,
    authEndpoint,
    authorizer: createAuthorizer(authEndpoint),
    // `echo.connector.pusher.signin()` then works: events for this user on every tab (`pusher.user.bind`).
    userAuthentication: {
      endpoint: USER_AUTH_ENDPOINT,
      transport: 'ajax',
      // Echo writes the CSRF token into these headers when the page has one; without the object it throws.
      headers: {},
      customHandler: createUserAuthenticator(USER_AUTH_ENDPOINT),
    },
  } as never) as AppEcho;

  const pusher = echo.connector.pusher as unknown as PusherLike;
  connectionState.set(fromPusherState(pusher.connection.state));
  pusher.connection.bind('state_change', ({ current }) => {
    connectionState.set(fromPusherState(current));
    setSocketId(current === 'connected' ? (pusher.connection.socket_id ?? null) : null);
  });
  return echo;
}
