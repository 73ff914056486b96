import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ValidationFailedException } from '../../../common/validation';
import { Inertia } from '../../inertia';
import { UsersService } from '../../users';
import { GuestOnly } from '../auth.decorators';
import { TwoFactorChallengeDto } from '../dto/auth.dto';
import { redirectTo, safeLocalPath } from '../http';
import { AuthLimitsService } from '../services/auth-limits.service';
import { SessionAuthService } from '../services/session-auth.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { HOME } from './login.controller';

/** Second step of a login for accounts with two-factor on: a TOTP code or one recovery code. */
@Controller('two-factor-challenge')
export class TwoFactorChallengeController {
  constructor(
    private readonly users: UsersService,
    private readonly twoFactor: TwoFactorService,
    private readonly sessions: SessionAuthService,
    private readonly limits: AuthLimitsService,
  ) {}

  @Get()
  @GuestOnly()
  show(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!req.session.twoFactorUserId) return redirectTo(req, res, '/login');
    return Inertia.render('Auth/TwoFactorChallenge');
  }

  @Post()
  @GuestOnly()
  async store(
    @Body() body: TwoFactorChallengeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const userId = req.session.twoFactorUserId;
    const field = body.code ? 'code' : 'recovery_code';
    if (!userId) throw ValidationFailedException.of(field, 'Your sign-in attempt expired. Please log in again.');
    // Counted per user, not per session: a fresh password login must not buy fresh guesses.
    await this.limits.assertTwoFactorAllowed(userId, field);
    const user = await this.users.findWithSecrets(userId);
    if (!user?.twoFactorConfirmedAt)
      throw ValidationFailedException.of(field, 'Your sign-in attempt expired. Please log in again.');
    const ok = body.code
      ? await this.twoFactor.acceptCode(user, body.code)
      : await this.twoFactor.acceptRecoveryCode(user.id, body.recovery_code ?? '');
    if (!ok) {
      await this.limits.twoFactorFailed(user);
      throw ValidationFailedException.of(
        field,
        body.code ? 'The two-factor code is not valid.' : 'The recovery code is not valid.',
      );
    }
    const remember = req.session.twoFactorRemember ?? false;
    await this.limits.twoFactorSucceeded(user.id);
    const intended = await this.sessions.login(req, res, user, { remember });
    await redirectTo(req, res, safeLocalPath(intended, HOME));
  }
}
