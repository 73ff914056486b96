import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { User } from '../../users';
import { clientIp } from '../http';
import '../../../common/session.types';
import { Clock } from '../../../common/clock';

const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * Starts and ends signed-in sessions. The session id is regenerated on both (no fixation) and
 * the anti-forgery token is renewed with it, so the page that follows gets the new token.
 */
@Injectable()
export class SessionAuthService {
  constructor(private readonly clock: Clock) {}

  /** Signs the user in on a fresh session id; answers the page they wanted before logging in. */
  async login(
    req: Request,
    res: Response,
    user: User,
    options: { remember?: boolean } = {},
  ): Promise<string | undefined> {
    const intended = req.session.intendedUrl;
    await regenerate(req);
    // Without "remember me" the cookie ends with the browser session (the row still expires server-side).
    if (options.remember === false) {
      req.session.cookie.originalMaxAge = null;
      req.session.cookie.expires = null;
    }
    req.session.userId = user.id;
    req.session.userAgent = req.get('user-agent') ?? '';
    req.session.ip = clientIp(req);
    renewCsrf(req, res);
    req.user = user;
    return intended;
  }

  async logout(req: Request, res: Response): Promise<void> {
    await regenerate(req);
    renewCsrf(req, res);
    req.user = undefined;
  }

  /** Starts the password-confirmation window (sensitive settings). */
  markPasswordConfirmed(req: Request): void {
    req.session.passwordConfirmedAt = Math.floor(this.clock.nowMs() / 1000);
  }
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((error: unknown) => (error ? reject(error) : resolve())),
  );
}

/** New token in the session and in the readable cookie (replacing the one set earlier in this response). */
export function renewCsrf(req: Request, res: Response): void {
  req.session.csrfToken = randomBytes(20).toString('hex');
  const existing = res.getHeader('Set-Cookie');
  const cookies = ([] as string[])
    .concat((existing as string | string[] | undefined) ?? [])
    .filter((c) => !c.startsWith(`${XSRF_COOKIE}=`));
  res.setHeader('Set-Cookie', cookies);
  res.cookie(XSRF_COOKIE, req.session.csrfToken, { sameSite: 'lax', secure: req.secure, httpOnly: false, path: '/' });
}
