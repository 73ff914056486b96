import { HttpException, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import '../../common/session.types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes authenticated by their own signature instead of the session (Pusher HTTP API, webhooks). */
const EXEMPT_PREFIXES = ['/apps/', '/webhooks/'];
/** Machine endpoints that must not open a session on every probe. */
const SESSIONLESS_PATHS = new Set(['/health']);

export class CsrfMismatchException extends HttpException {
  constructor() {
    super({ statusCode: 419, message: 'Page expired: the anti-forgery token is missing or wrong. Reload the page and try again.' }, 419);
  }
}

function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/**
 * Anti-forgery as Laravel does it: a token in the session, mirrored into a readable XSRF-TOKEN
 * cookie; state-changing requests must echo it in X-XSRF-TOKEN, X-CSRF-TOKEN or a _token field.
 */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (!req.session || SESSIONLESS_PATHS.has(req.path)) return next();
    req.session.csrfToken ??= randomBytes(20).toString('hex');
    const token = req.session.csrfToken;
    res.cookie('XSRF-TOKEN', token, { sameSite: 'lax', secure: req.secure, httpOnly: false, path: '/' });

    if (SAFE_METHODS.has(req.method) || EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    const given =
      req.headers['x-xsrf-token'] ??
      req.headers['x-csrf-token'] ??
      (req.body as Record<string, unknown> | undefined)?._token;
    if (!sameToken(token, Array.isArray(given) ? given[0] : given)) return next(new CsrfMismatchException());
    next();
  }
}
