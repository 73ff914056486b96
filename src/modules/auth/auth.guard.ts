import { CanActivate, ExecutionContext, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { UsersService } from '../users';
import { ACCESS_KEY, Access, ROLES_KEY } from './auth.decorators';
import type { UserRole } from '../users';
import { wantsJson } from '../../common/http-exception.filter';
import { isInertiaRequest } from '../inertia';
import { takeSessionUser } from '../../common/session-user';
import '../../common/session.types';
import { refuseUnverified, requireRole } from './auth.policy';

/** Redirect for signed-in users who open a guest-only page. */
class AlreadySignedInException extends HttpException {
  constructor() {
    super('Already signed in', 302);
  }
}

/**
 * Global guard: every route needs a signed-in user unless marked @Public or @GuestOnly.
 * Loads the user once per request into req.user.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const access =
      this.reflector.getAllAndOverride<Access>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? 'user';
    const roles = this.reflector.getAllAndOverride<UserRole[]>(ROLES_KEY, [context.getHandler(), context.getClass()]);

    const userId = req.session?.userId;
    if (userId && !req.user) {
      // Usually read with the session row (PgSessionStore); otherwise one primary-key query.
      const user = takeSessionUser(req, userId) ?? (await this.users.findById(userId));
      // A suspended account's session ends here (its rows are deleted on suspension; this catches any left over).
      if (user && !user.suspendedAt) req.user = user;
      else delete req.session.userId; // the account was deleted or suspended elsewhere
    }

    if (access === 'public') return true;
    if (access === 'guest') {
      if (req.user) {
        context.switchToHttp().getResponse<Response>().redirect(303, '/dashboard');
        throw new AlreadySignedInException();
      }
      return true;
    }
    if (!req.user) throw new UnauthorizedException('Please log in to continue.');
    if (access === 'verified' && !req.user.emailVerifiedAt) {
      if (wantsJson(req)) refuseUnverified();
      // Pages send unverified users to the notice, as Laravel's `verified` middleware does.
      context
        .switchToHttp()
        .getResponse<Response>()
        .redirect(req.method === 'GET' && !isInertiaRequest(req) ? 302 : 303, '/email/verify');
      throw new AlreadySignedInException();
    }
    requireRole(roles, req.user.role);
    return true;
  }
}
