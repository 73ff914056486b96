import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AddressesService } from './addresses.service';
import { ConnectedAccountsService } from './connected-accounts.service';
import { ConnectedAccount } from './entities/connected-account.entity';
import { UserAddress } from './entities/user-address.entity';
import { SettingsRepository } from './settings.repository';
import { AddressesController } from './controllers/addresses.controller';
import { ConnectedAccountsController } from './controllers/connected-accounts.controller';
import { PasswordController } from './controllers/password.controller';
import { PreferencesController } from './controllers/preferences.controller';
import { ProfileController } from './controllers/profile.controller';
import { SessionsController } from './controllers/sessions.controller';
import { TwoFactorController } from './controllers/two-factor.controller';
import { AvatarService } from './avatar.service';
import { ProfileService } from './profile.service';
import { PolicyChecks } from '../policies';

/** The account settings pages under /settings. */
@Module({
  imports: [TypeOrmModule.forFeature([UserAddress, ConnectedAccount]), AuthModule],
  controllers: [
    ProfileController,
    PasswordController,
    TwoFactorController,
    PreferencesController,
    AddressesController,
    ConnectedAccountsController,
    SessionsController,
  ],
  providers: [SettingsRepository, ProfileService, AddressesService, ConnectedAccountsService, AvatarService],
  exports: [AddressesService],
})
export class SettingsModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly addresses: AddressesService,
  ) {}

  onModuleInit(): void {
    this.policies.define('address.change', (user, id) => this.addresses.findOwned(user.id, id));
  }
}
