import type { Connection } from './connection';
import { verifyUserAuth } from './crypto';
import type { ResolvedServerOptions } from './options';
import { ErrorCode } from './protocol';

/**
 * `pusher:signin` {auth, user_data}: user_data is JSON with a non-empty string `id`, signed by the app
 * for this socket. Success answers `pusher:signin_success` and lets the socket join `#server-to-user-<id>`;
 * a bad signature closes the socket with 4009, as Pusher does.
 */
export function signIn(connection: Connection, options: ResolvedServerOptions, data: Record<string, unknown>): void {
  const userData = typeof data.user_data === 'string' ? data.user_data : '';
  if (!verifyUserAuth(options.key, options.secret, connection.socketId, data.auth, userData)) {
    connection.fail(ErrorCode.Unauthorized, 'Invalid signature: the sign-in token does not match this socket');
    return;
  }
  const id = userIdOf(userData);
  if (id === null) {
    connection.fail(ErrorCode.Unauthorized, 'user_data must be JSON with a non-empty string id');
    return;
  }
  connection.userId = id;
  connection.send('pusher:signin_success', { user_data: userData });
}

function userIdOf(userData: string): string | null {
  try {
    const parsed = JSON.parse(userData) as { id?: unknown };
    return typeof parsed?.id === 'string' && parsed.id.length > 0 ? parsed.id : null;
  } catch {
    return null;
  }
}
