import { Global, Module } from '@nestjs/common';
import { CreditsAdminController } from '../admin/credits-admin.controller';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';
import { WELCOME_CREDITS, WelcomeCredits, welcomeCreditsFromEnv } from './welcome-credits';

/** The image-credit ledger, used by the designer (spend/refund), the Credits page and admins (grant). */
@Global()
@Module({
  controllers: [CreditsController, CreditsAdminController],
  providers: [CreditsService, WelcomeCredits, { provide: WELCOME_CREDITS, useFactory: () => welcomeCreditsFromEnv() }],
  exports: [CreditsService],
})
export class CreditsModule {}
