import type { Request } from 'express';
import type { User } from '../modules/users/user.entity';

/**
 * The user row read together with the session row (one query, see PgSessionStore), handed to the
 * auth guard for this request only. Never cached across requests.
 */
const preloaded = new WeakMap<Request, User>();

export function rememberSessionUser(req: Request, user: User): void {
  preloaded.set(req, user);
}

/** The preloaded user when it is the one the session now names (a login in this request changes it). */
export function takeSessionUser(req: Request, userId: string): User | undefined {
  const user = preloaded.get(req);
  preloaded.delete(req);
  return user && user.id === userId ? user : undefined;
}
