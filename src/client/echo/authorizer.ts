import { api } from '@/lib/http';

type AuthCallback = (error: Error | null, data: unknown) => void;

/**
 * Echo/pusher-js authorizer that goes through our HTTP client, so the request carries the
 * session cookie, the anti-forgery token and X-Requested-With like every other call.
 * The answer ({auth}, {auth, channel_data} or {auth, shared_secret}) is passed on unchanged.
 */
export function createAuthorizer(endpoint: string) {
  return (channel: { name: string }) => ({
    authorize(socketId: string, callback: AuthCallback): void {
      api.post(endpoint, { socket_id: socketId, channel_name: channel.name }).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  });
}

/**
 * pusher-js `userAuthentication.customHandler` for `pusher.signin()`: asks `/broadcasting/user-auth` through
 * our HTTP client (session cookie, anti-forgery token) and passes `{auth, user_data}` on.
 */
export function createUserAuthenticator(endpoint: string) {
  return ({ socketId }: { socketId: string }, callback: AuthCallback): void => {
    api.post(endpoint, { socket_id: socketId }).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}
