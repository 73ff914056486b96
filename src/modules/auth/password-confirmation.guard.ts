import { applyDecorators, CanActivate, ExecutionContext, HttpException, Injectable, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { wantsJson } from '../../common/http-exception.filter';
import { isInertiaRequest } from '../inertia';
import { saveSession } from './http';
import '../../common/session.types';
import { Clock } from '../../common/clock';

/** How long a password confirmation lasts (Laravel's password_timeout). */
export const PASSWORD_CONFIRMATION_SECONDS = 3 * 60 * 60;

export class PasswordConfirmationRequiredException extends HttpException {
  constructor() {
    super({ statusCode: 423, message: 'Please confirm your password to continue.' }, 423);
  }
}

/** Raised after the guard has already answered with a redirect (the filter sees headersSent). */
class RedirectedException extends HttpException {
  constructor() {
    super('Password confirmation required', 302);
  }
}

export function passwordRecentlyConfirmed(req: Request, now: number): boolean {
  const at = req.session?.passwordConfirmedAt;
  return typeof at === 'number' && now / 1000 - at < PASSWORD_CONFIRMATION_SECONDS;
}

/**
 * Sensitive settings need a password typed in the last 3 hours. Pages redirect to the
 * confirmation screen (and come back afterwards); API callers get 423.
 */
@Injectable()
export class PasswordConfirmedGuard implements CanActivate {
  constructor(private readonly clock: Clock) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    if (passwordRecentlyConfirmed(req, this.clock.nowMs())) return true;
    if (wantsJson(req)) throw new PasswordConfirmationRequiredException();
    const res = context.switchToHttp().getResponse<Response>();
    req.session.intendedUrl = req.method === 'GET' ? req.originalUrl : (refererPath(req) ?? '/settings/profile');
    await saveSession(req);
    res.redirect(isInertiaRequest(req) || req.method !== 'GET' ? 303 : 302, '/user/confirm-password');
    throw new RedirectedException();
  }
}

function refererPath(req: Request): string | null {
  const referer = req.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === req.get('host') ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export const RequiresPasswordConfirmation = () => applyDecorators(UseGuards(PasswordConfirmedGuard));
