import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { CreditTransaction } from './credit-transaction.entity';
import { CreditsAdminController } from './credits-admin.controller';
import { CreditsController } from './credits.controller';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { WELCOME_CREDITS, WelcomeCredits } from './welcome-credits';

/** The image-credit ledger, used by the designer (spend/refund), the Credits page and admins (grant). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([CreditTransaction]), UsersModule],
  controllers: [CreditsController, CreditsAdminController],
  providers: [
    CreditsService,
    CreditsRepository,
    WelcomeCredits,
    {
      provide: WELCOME_CREDITS,
      useFactory: (config: AppConfig) => config.credits.welcomeCredits,
      inject: [APP_CONFIG],
    },
  ],
  exports: [CreditsService],
})
export class CreditsModule {}
