import { Body, Controller, Get, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { ValidationFailedException } from '../../../common/validation';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { hashPassword } from '../../auth';
import { LoginService } from '../../auth';
import { SessionsService } from '../../auth';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { UsersService } from '../../users';
import { PasswordDto } from '../dto/settings.dto';

@Controller('settings/password')
export class PasswordController {
  constructor(
    private readonly login: LoginService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  @Get()
  show() {
    return Inertia.render('Settings/Password');
  }

  /** Changes the password and signs every other device out. */
  @Put()
  async update(
    @Body() body: PasswordDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!(await this.login.checkPassword(user.id, body.current_password, 'current_password'))) {
      throw ValidationFailedException.of('current_password', 'The current password is incorrect.');
    }
    await this.users.setPasswordHash(user.id, await hashPassword(body.password));
    await this.sessions.destroyOthers(user.id, req.sessionID);
    flash(req, 'success', 'Password updated. Other devices have been signed out.');
    await redirectTo(req, res, '/settings/password');
  }
}
