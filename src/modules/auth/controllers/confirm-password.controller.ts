import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ValidationFailedException } from '../../../common/validation';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { CurrentUser } from '../auth.decorators';
import { ConfirmPasswordDto } from '../dto/auth.dto';
import { redirectTo, safeLocalPath } from '../http';
import { LoginService } from '../services/login.service';
import { SessionAuthService } from '../services/session-auth.service';
import { HOME } from './login.controller';

@Controller('user/confirm-password')
export class ConfirmPasswordController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionAuthService,
  ) {}

  @Get()
  show() {
    return Inertia.render('Auth/ConfirmPassword');
  }

  @Post()
  async store(
    @Body() body: ConfirmPasswordDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    if (!(await this.login.checkPassword(user.id, body.password)))
      throw ValidationFailedException.of('password', 'The password is incorrect.');
    this.sessions.markPasswordConfirmed(req);
    const intended = req.session.intendedUrl;
    delete req.session.intendedUrl;
    await redirectTo(req, res, safeLocalPath(intended, HOME));
  }
}
