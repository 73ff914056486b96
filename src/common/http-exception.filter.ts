import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { InertiaService } from '../modules/inertia/inertia.service';
import { INERTIA_HEADERS, isInertiaRequest } from '../modules/inertia/inertia.types';
import { saveSession } from './session-save';
import { DependencyUnavailableException, isRedisOutage } from './dependency-unavailable';
import { ValidationFailedException } from './validation';
import './session.types';

const MESSAGES: Record<number, string> = {
  401: 'Please log in to continue.',
  403: 'You are not allowed to do that.',
  404: 'We could not find that page.',
  419: 'This page has expired. Reload it and try again.',
  429: 'Too many requests. Slow down and try again shortly.',
  500: 'Something went wrong on our side. We have been told and are looking into it.',
  503: 'We are down for maintenance. Please try again shortly.',
};

/** Requests that want JSON back: the API, real-time auth, and XHR that is not an Inertia visit. */
export function wantsJson(req: Request): boolean {
  if (isInertiaRequest(req)) return false;
  return (
    req.path.startsWith('/api/') ||
    req.path.startsWith('/broadcasting/') ||
    req.path.startsWith('/apps/') ||
    req.xhr ||
    (req.headers.accept ?? '').includes('application/json')
  );
}

/**
 * One place that decides how a failure looks: JSON for API calls, a redirect back with the
 * errors bag for Inertia form posts, an Inertia error page for visits, never a raw stack.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  constructor(@Inject(InertiaService) private readonly inertia: InertiaService) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;

    exception = fromHttpError(exception);
    if (isRedisOutage(exception)) exception = new DependencyUnavailableException();
    const status = exception instanceof HttpException ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
    const body = exception instanceof HttpException ? exception.getResponse() : null;
    const message = answerMessage(status, body);
    const outage = exception instanceof DependencyUnavailableException;
    if (outage) this.logger.warn(`${req.method} ${req.originalUrl}: ${message}`);
    else if (status >= 500)
      this.logger.error(`${req.method} ${req.originalUrl}: ${(exception as Error)?.stack ?? String(exception)}`);
    if (exception instanceof HttpException && (status === 429 || status === 503)) {
      const retry = (body as { retryAfter?: number } | null)?.retryAfter;
      if (retry) res.setHeader('Retry-After', String(retry));
    }

    if (wantsJson(req)) {
      const payload: Record<string, unknown> = {
        message: status >= 500 && !(exception instanceof HttpException) ? MESSAGES[500] : message,
      };
      if (exception instanceof ValidationFailedException) payload.errors = exception.errors;
      res.status(status).json(payload);
      return;
    }

    if (exception instanceof ValidationFailedException && req.method !== 'GET') {
      const bag = (req.headers[INERTIA_HEADERS.errorBag] as string | undefined) ?? 'default';
      const firstOfEach = Object.fromEntries(Object.entries(exception.errors).map(([field, list]) => [field, list[0]]));
      req.session.errors = { ...(req.session.errors ?? {}), [bag]: firstOfEach };
      await saveSession(req);
      res.redirect(303, backUrl(req));
      return;
    }

    if (status === 401) {
      if (req.method === 'GET') {
        req.session.intendedUrl = req.originalUrl;
        await saveSession(req);
      }
      res.redirect(isInertiaRequest(req) && req.method !== 'GET' ? 303 : 302, '/login');
      return;
    }

    await this.inertia.send(
      req,
      res,
      'Error',
      { status, message: status >= 500 && !outage ? (MESSAGES[status] ?? MESSAGES[500]) : message },
      status,
    );
  }
}

const HTTP_ERROR_MESSAGES: Record<number, string> = {
  400: 'The request could not be read (malformed JSON or form data).',
  413: 'The request body is too large (at most 1 MB; upload files through their upload routes).',
  415: 'This content type or character set is not supported.',
};

/**
 * Errors raised by Express middleware before a route runs (body parsers: too large, malformed,
 * unsupported charset) carry their own 4xx status: answer with it, never a 500.
 */
function fromHttpError(exception: unknown): unknown {
  if (exception instanceof HttpException || !exception || typeof exception !== 'object') return exception;
  const { status, expose } = exception as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499 || expose !== true) return exception;
  return new HttpException(
    { statusCode: status, message: HTTP_ERROR_MESSAGES[status] ?? 'The request was refused.' },
    status,
  );
}

/** The message a failure answers with: its own, else the status's default. */
function answerMessage(status: number, body: unknown): string {
  return messageOf(body) ?? MESSAGES[status] ?? 'Request failed.';
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  }
  return null;
}

/** A 4xx HttpException: a rule refused the request (a bulk step skips the item, a batch answers it per item). */
export function isRefusal(error: unknown): error is HttpException {
  return error instanceof HttpException && error.getStatus() < 500;
}

/** What the JSON API answers for a refusal: its message and, for invalid input, the field errors. */
export function refusalJson(error: HttpException): { message: string; errors: Record<string, string[]> | null } {
  return {
    message: answerMessage(error.getStatus(), error.getResponse()),
    errors: error instanceof ValidationFailedException ? error.errors : null,
  };
}

/** The page the form was on, only if it is ours. */
export function backUrl(req: Request): string {
  const referer = req.get('referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === req.get('host') ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}
