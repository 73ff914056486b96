import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { ValidationFailedException } from '../../../common/validation';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { Inertia } from '../../inertia';
import { RateLimiterService } from '../../security';
import { GuestOnly } from '../auth.decorators';
import { ForgotPasswordDto, ResetLinkQueryDto, ResetPasswordDto } from '../dto/auth.dto';
import { clientIp, redirectBack, redirectTo } from '../http';
import { PasswordResetService } from '../services/password-reset.service';
import { countAttempt } from '../throttle';

export const RESET_LINK_SENT = 'If an account exists for that email, we have sent a link to reset the password.';

@Controller()
export class PasswordResetController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly resets: PasswordResetService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('forgot-password')
  @GuestOnly()
  request() {
    return Inertia.render('Auth/ForgotPassword');
  }

  @Post('forgot-password')
  @GuestOnly()
  async email(
    @Body() body: ForgotPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await countAttempt(
      this.limiter,
      `reset:${body.email}`,
      this.config.rateLimits.resetPerHour,
      3600,
      'email',
      'password reset requests',
    );
    // Per IP too: one address may not mail reset links to a list of strangers.
    await countAttempt(
      this.limiter,
      `reset-ip:${clientIp(req)}`,
      this.config.rateLimits.resetPerIpPerHour,
      3600,
      'email',
      'password reset requests',
    );
    await this.resets.sendLink(body.email);
    flash(req, 'status', RESET_LINK_SENT);
    flash(req, 'success', RESET_LINK_SENT);
    await redirectBack(req, res);
  }

  @Get('reset-password/:token')
  @GuestOnly()
  reset(@Param('token') token: string, @Query() query: ResetLinkQueryDto) {
    return Inertia.render('Auth/ResetPassword', { token, email: query.email ?? '' });
  }

  @Post('reset-password')
  @GuestOnly()
  async update(
    @Body() body: ResetPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const ok = await this.resets.reset(body.email, body.token, body.password);
    if (!ok)
      throw ValidationFailedException.of(
        'email',
        'This password reset link is invalid or has expired. Please request a new one.',
      );
    flash(req, 'success', 'Your password has been reset. You can log in now.');
    await redirectTo(req, res, '/login');
  }
}
