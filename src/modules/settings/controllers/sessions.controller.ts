import { Body, Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { ValidationFailedException } from '../../../common/validation';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { LoginService } from '../../auth';
import { SessionAuthService } from '../../auth';
import { SessionsService } from '../../auth';
import { describeUserAgent } from '../../auth';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { UsersService } from '../../users';
import { AvatarService } from '../avatar.service';
import { CurrentPasswordDto } from '../dto/settings.dto';

/** Browser sessions (log out other devices) and account deletion: both need the password. */
@Controller('settings')
export class SessionsController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionsService,
    private readonly auth: SessionAuthService,
    private readonly users: UsersService,
    private readonly avatars: AvatarService,
  ) {}

  @Get('sessions')
  async index(@CurrentUser() user: User, @Req() req: Request) {
    const rows = await this.sessions.listFor(user.id, req.sessionID);
    return Inertia.render('Settings/Sessions', {
      sessions: rows.map((row) => ({ ...row, device: describeUserAgent(row.userAgent) })),
    });
  }

  @Post('sessions/logout-others')
  async logoutOthers(
    @Body() body: CurrentPasswordDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.assertPassword(user, body.password);
    const count = await this.sessions.destroyOthers(user.id, req.sessionID);
    flash(req, 'success', count === 1 ? 'Logged out of 1 other session.' : `Logged out of ${count} other sessions.`);
    await redirectTo(req, res, '/settings/sessions');
  }

  @Get('delete-account')
  deleteForm() {
    return Inertia.render('Settings/DeleteAccount');
  }

  /** Deletes the user and their picture; sessions, addresses and linked accounts go with it (foreign keys cascade). */
  @Delete('delete-account')
  async destroy(
    @Body() body: CurrentPasswordDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.assertPassword(user, body.password);
    await this.avatars.remove(user);
    await this.users.delete(user.id);
    await this.auth.logout(req, res);
    flash(req, 'success', 'Your account has been deleted. We are sorry to see you go.');
    await redirectTo(req, res, '/');
  }

  private async assertPassword(user: User, password: string): Promise<void> {
    if (!(await this.login.checkPassword(user.id, password)))
      throw ValidationFailedException.of('password', 'The password is incorrect.');
  }
}
