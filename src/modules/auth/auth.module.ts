import { Inject, Module, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { InertiaService } from '../inertia';
import { toAuthUser } from '../users';
import { UsersModule } from '../users/users.module';
import { ConfirmPasswordController } from './controllers/confirm-password.controller';
import { EmailVerificationController } from './controllers/email-verification.controller';
import { LoginController } from './controllers/login.controller';
import { PasswordResetController } from './controllers/password-reset.controller';
import { RegisterController } from './controllers/register.controller';
import { TwoFactorChallengeController } from './controllers/two-factor-challenge.controller';
import { AuthRepository } from './auth.repository';
import { setPasswordHashCost } from './password';
import { PasswordConfirmedGuard } from './password-confirmation.guard';
import { AuthLimitsService } from './services/auth-limits.service';
import { EmailVerificationService } from './services/email-verification.service';
import { LoginService } from './services/login.service';
import { PasswordResetService } from './services/password-reset.service';
import { RegistrationService } from './services/registration.service';
import { SessionAuthService } from './services/session-auth.service';
import { SessionsService } from './services/sessions.service';
import { TwoFactorService } from './two-factor/two-factor.service';

const services = [
  SessionAuthService,
  SessionsService,
  LoginService,
  RegistrationService,
  EmailVerificationService,
  PasswordResetService,
  TwoFactorService,
  PasswordConfirmedGuard,
  AuthLimitsService,
];

@Module({
  imports: [UsersModule],
  controllers: [
    LoginController,
    RegisterController,
    EmailVerificationController,
    PasswordResetController,
    ConfirmPasswordController,
    TwoFactorChallengeController,
  ],
  providers: [AuthRepository, ...services],
  exports: [UsersModule, ...services],
})
export class AuthModule implements OnModuleInit {
  constructor(
    private readonly inertia: InertiaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    setPasswordHashCost(this.config.passwordHashCost);
    // The guard has loaded req.user already on authenticated routes; public pages read the session.
    this.inertia.share('auth', (req: Request) => ({ user: req.user ? toAuthUser(req.user) : null }));
    this.inertia.share('csrfToken', (req: Request) => req.session?.csrfToken ?? '');
  }
}
