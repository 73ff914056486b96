import { HttpException, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import '../../common/session.types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Routes authenticated by their own signature instead of the session (Pusher HTTP API, webhooks, and RFC 8058
 * one-click unsubscribe links, which mail providers POST without a session).
 */
const EXEMPT_PREFIXES = ['/apps/', '/webhooks/', '/unsubscribe/'];
/** Machine endpoints that must not open a session on every probe. */
const SESSIONLESS_PATHS = new Set(['/health']);
/**
 * Reads a guest makes without a page (JSON, media, embeds on other sites): they get no session
 * row just for a token. Pages and every state-changing request still get one.
 */
const TOKENLESS_READ_PREFIXES = ['/api/', '/media/', '/embed/', '/assets/'];

export class CsrfMismatchException extends HttpException {
  constructor() {
    super(
      {
        statusCode: 419,
        message: 'Page expired: the anti-forgery token is missing or wrong. Reload the page and try again.',
      },
      419,
    );
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
    const safe = SAFE_METHODS.has(req.method);
    // Signed machine calls are not checked and get no token: minting one would write a session row per call.
    if (!safe && EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    if (!req.session.csrfToken && safe && TOKENLESS_READ_PREFIXES.some((prefix) => req.path.startsWith(prefix)))
      return next();
    req.session.csrfToken ??= randomBytes(20).toString('hex');
    const token = req.session.csrfToken;
    res.cookie('XSRF-TOKEN', token, { sameSite: 'lax', secure: req.secure, httpOnly: false, path: '/' });

    if (safe) return next();
    // A header set twice arrives comma-joined ("t, t": Inertia's client and our own hook both add
    // X-XSRF-TOKEN), so every value of every place the token may come in is tried.
    const given = [
      req.headers['x-xsrf-token'],
      req.headers['x-csrf-token'],
      (req.body as Record<string, unknown> | undefined)?._token,
    ]
      .flat()
      .flatMap((value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()) : []));
    if (!given.some((candidate) => sameToken(token, candidate))) return next(new CsrfMismatchException());
    next();
  }
}
