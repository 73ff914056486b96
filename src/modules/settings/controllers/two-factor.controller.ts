import { Body, Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { passwordRecentlyConfirmed, RequiresPasswordConfirmation } from '../../auth';
import { TwoFactorService } from '../../auth';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { TwoFactorCodeDto } from '../dto/settings.dto';
import { Clock } from '../../../common/clock';

declare module 'express-session' {
  interface SessionData {
    /** Plain recovery codes, shown once on the next settings page and then forgotten. */
    newRecoveryCodes: string[];
  }
}

const PAGE = '/settings/two-factor';

@Controller('settings/two-factor')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly clock: Clock,
  ) {}

  @Get()
  async show(@CurrentUser() user: User, @Req() req: Request) {
    const recoveryCodes = req.session.newRecoveryCodes ?? null;
    delete req.session.newRecoveryCodes;
    const setup = user.twoFactorConfirmedAt ? null : await this.twoFactor.setup(user.id);
    return Inertia.render('Settings/TwoFactor', {
      enabled: !!user.twoFactorConfirmedAt,
      pending: !!setup,
      setup,
      recoveryCodes,
      remainingRecoveryCodes: user.twoFactorConfirmedAt ? await this.twoFactor.remainingRecoveryCodes(user.id) : 0,
      passwordConfirmed: passwordRecentlyConfirmed(req, this.clock.nowMs()),
    });
  }

  @Post()
  @RequiresPasswordConfirmation()
  async enable(@CurrentUser() user: User, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!user.twoFactorConfirmedAt) req.session.newRecoveryCodes = await this.twoFactor.enable(user.id);
    await redirectTo(req, res, PAGE);
  }

  @Post('confirm')
  @RequiresPasswordConfirmation()
  async confirm(
    @Body() body: TwoFactorCodeDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.twoFactor.confirm(user.id, body.code);
    flash(req, 'success', 'Two-factor authentication is on.');
    await redirectTo(req, res, PAGE);
  }

  @Post('recovery-codes')
  @RequiresPasswordConfirmation()
  async regenerate(@CurrentUser() user: User, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (user.twoFactorConfirmedAt) {
      req.session.newRecoveryCodes = await this.twoFactor.regenerateRecoveryCodes(user.id);
      flash(req, 'success', 'New recovery codes generated. The old ones no longer work.');
    }
    await redirectTo(req, res, PAGE);
  }

  @Delete()
  @RequiresPasswordConfirmation()
  async disable(@CurrentUser() user: User, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.twoFactor.disable(user.id);
    flash(req, 'success', 'Two-factor authentication is off.');
    await redirectTo(req, res, PAGE);
  }
}
