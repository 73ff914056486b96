import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AddressesService } from './addresses.service';
import { AddressesController } from './controllers/addresses.controller';
import { ConnectedAccountsController } from './controllers/connected-accounts.controller';
import { PasswordController } from './controllers/password.controller';
import { PreferencesController } from './controllers/preferences.controller';
import { ProfileController } from './controllers/profile.controller';
import { SessionsController } from './controllers/sessions.controller';
import { TwoFactorController } from './controllers/two-factor.controller';
import { AvatarService } from './avatar.service';
import { ProfileService } from './profile.service';

/** The account settings pages under /settings. */
@Module({
  imports: [AuthModule],
  controllers: [
    ProfileController,
    PasswordController,
    TwoFactorController,
    PreferencesController,
    AddressesController,
    ConnectedAccountsController,
    SessionsController,
  ],
  providers: [ProfileService, AddressesService, AvatarService],
  exports: [AddressesService],
})
export class SettingsModule {}
