import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PolicyChecks } from '../policies';
import { User } from './user.entity';
import { UserAccountService } from './user-account.service';
import { UsersApiController } from './users-api.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UserJsonExtensions } from './user-json.extensions';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [UsersApiController],
  providers: [UsersRepository, UsersService, UserAccountService, UserJsonExtensions],
  exports: [UsersService, UserAccountService, UserJsonExtensions, TypeOrmModule],
})
export class UsersModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly accounts: UserAccountService,
  ) {}

  onModuleInit(): void {
    // Changing an account: its owner, or an admin.
    this.policies.define('user.edit', (user, id) => this.accounts.findEditable(user, id));
  }
}
