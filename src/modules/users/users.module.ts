import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConnectedAccount } from './connected-account.entity';
import { UserAddress } from './user-address.entity';
import { User } from './user.entity';
import { UserAccountService } from './user-account.service';
import { UsersApiController } from './users-api.controller';
import { UsersService } from './users.service';
import { UserJsonExtensions } from './user-json.extensions';

@Module({
  imports: [TypeOrmModule.forFeature([User, UserAddress, ConnectedAccount])],
  controllers: [UsersApiController],
  providers: [UsersService, UserAccountService, UserJsonExtensions],
  exports: [UsersService, UserAccountService, UserJsonExtensions, TypeOrmModule],
})
export class UsersModule {}
