import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { attributionFrom } from '../../../common/attribution';
import { Inertia } from '../../inertia';
import { GuestOnly } from '../auth.decorators';
import { REGISTERABLE_TYPES, RegisterDto } from '../dto/auth.dto';
import { clientIp, redirectTo } from '../http';
import { RegistrationService } from '../services/registration.service';
import { SessionAuthService } from '../services/session-auth.service';

const TYPE_LABELS: Record<string, string> = {
  realtor: 'Realtor',
  viewer: 'Viewer',
  buyer: 'Buyer',
  follower: 'Follower',
  affiliate: 'Affiliate',
  shopper: 'Shopper',
};

@Controller('register')
export class RegisterController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly sessions: SessionAuthService,
  ) {}

  @Get()
  @GuestOnly()
  show() {
    return Inertia.render('Auth/Register', {
      accountTypes: REGISTERABLE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] ?? value })),
    });
  }

  /** Creates the account, signs it in (unverified) and shows the "check your inbox" notice. */
  @Post()
  @GuestOnly()
  async store(
    @Body() body: RegisterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const user = await this.registration.register(body, clientIp(req), attributionFrom(req.cookies, body.ref));
    await this.sessions.login(req, res, user);
    flash(req, 'success', 'Welcome! We sent you a link to verify your email address.');
    await redirectTo(req, res, '/email/verify');
  }
}
