import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { Inertia } from '../../inertia';
import { RateLimiterService } from '../../security';
import { User } from '../../users';
import { CurrentUser, Public } from '../auth.decorators';
import { redirectBack, redirectTo } from '../http';
import { EmailVerificationService } from '../services/email-verification.service';
import { SignedLinkQueryDto } from '../dto/auth.dto';
import { countAttempt } from '../throttle';
import { HOME } from './login.controller';

const RESENDS_PER_MINUTE = 6;

@Controller('email')
export class EmailVerificationController {
  constructor(
    private readonly verification: EmailVerificationService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** The "check your inbox" notice; verified users go on to the dashboard. */
  @Get('verify')
  notice(@CurrentUser() user: User, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (user.emailVerifiedAt) return redirectTo(req, res, HOME);
    return Inertia.render('Auth/VerifyEmail', { email: user.email });
  }

  @Post('verification-notification')
  async resend(
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    if (user.emailVerifiedAt) return redirectTo(req, res, HOME);
    await countAttempt(
      this.limiter,
      `verify-resend:${user.id}`,
      RESENDS_PER_MINUTE,
      60,
      'email',
      'verification emails',
    );
    await this.verification.send(user);
    flash(req, 'success', 'A new verification link has been sent to your email address.');
    flash(req, 'status', 'verification-link-sent');
    await redirectBack(req, res);
  }

  /** The signed link from the mail; works in any browser, signed in or not. */
  @Get('verify/:id/:hash')
  @Public()
  async verify(
    @Param('id') id: string,
    @Param('hash') hash: string,
    @Query() query: SignedLinkQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.verification.verify(id, hash, query.expires, query.signature);
    const signedIn = !!req.user;
    if (result === 'invalid') {
      return Inertia.render(
        'Error',
        { status: 403, message: 'This verification link is invalid. Request a new one from the verification page.' },
        403,
      );
    }
    if (result === 'expired') {
      flash(req, 'error', 'This verification link has expired. We can send you a new one.');
      return redirectTo(req, res, signedIn ? '/email/verify' : '/login');
    }
    flash(
      req,
      'success',
      result === 'verified' ? 'Thanks! Your email address is verified.' : 'Your email address was already verified.',
    );
    await redirectTo(req, res, signedIn ? `${HOME}?verified=1` : '/login');
  }
}
