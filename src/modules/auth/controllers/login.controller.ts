import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GuestOnly, Public } from '../auth.decorators';
import { Inertia } from '../../inertia';
import { LoginDto } from '../dto/auth.dto';
import { clientIp, redirectTo, safeLocalPath } from '../http';
import { LoginService } from '../services/login.service';
import { SessionAuthService } from '../services/session-auth.service';

export const HOME = '/dashboard';

@Controller()
export class LoginController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionAuthService,
  ) {}

  @Get('login')
  @GuestOnly()
  show() {
    return Inertia.render('Auth/Login', { canResetPassword: true, canRegister: true });
  }

  /** Always answers with a redirect on success (dashboard, intended page, or the 2FA challenge). */
  @Post('login')
  @GuestOnly()
  async store(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const user = await this.login.attempt(body.email, body.password, clientIp(req));
    if (user.twoFactorConfirmedAt) {
      req.session.twoFactorUserId = user.id;
      req.session.twoFactorRemember = body.remember ?? false;
      return redirectTo(req, res, '/two-factor-challenge');
    }
    const intended = await this.sessions.login(req, res, user, { remember: body.remember ?? false });
    await redirectTo(req, res, safeLocalPath(intended, HOME));
  }

  @Post('logout')
  @Public()
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.logout(req, res);
    await redirectTo(req, res, '/');
  }
}
