import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../common/flash';
import type { User } from '../users';
import { TeamInvitationsService } from './team-invitations.service';

/** A cookie, not the session: signing up or in regenerates the session, and the link must survive that. */
const COOKIE = 'team_invitation';

export function rememberPendingInvitation(
  res: Response,
  id: string,
  token: string,
  expiresAt: Date,
  nowMs: number,
): void {
  const maxAge = Math.max(0, new Date(expiresAt).getTime() - nowMs);
  res.cookie(COOKIE, `${id}.${token}`, { httpOnly: true, sameSite: 'lax', maxAge, path: '/' });
}

/**
 * An invitee who opened their link as a guest and then signed up (or logged in) with the invited address lands in
 * the team on their first signed-in request: the link's token proves the mailbox, so even a fresh unverified
 * account qualifies. Another address gets the refusal as a flash message. Runs only while a link is pending.
 */
@Injectable()
export class PendingInvitationInterceptor implements NestInterceptor {
  constructor(private readonly invitations: TeamInvitationsService) {}

  async intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<Request>();
    const pending = (req.cookies as Record<string, string> | undefined)?.[COOKIE];
    if (pending && req.user) {
      context.switchToHttp().getResponse<Response>().clearCookie(COOKIE, { path: '/' });
      const [id, token] = pending.split('.');
      try {
        const team = await this.invitations.accept(req.user as User, id ?? '', token ?? '');
        req.session.currentTeamId = team.id;
        flash(req, 'success', `Welcome to ${team.name}`);
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        flash(req, 'error', error.message);
      }
    }
    return next.handle();
  }
}
