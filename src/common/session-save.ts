import type { Request } from 'express';

/**
 * Writes the session before answering. express-session normally saves while the body is being
 * sent, but an empty redirect body (JSON clients) lets the client see the end of the response
 * before the save, and its next request could read the old session.
 */
export function saveSession(req: Request): Promise<void> {
  if (!req.session) return Promise.resolve();
  return new Promise((resolve, reject) => req.session.save((error: unknown) => (error ? reject(error) : resolve())));
}
