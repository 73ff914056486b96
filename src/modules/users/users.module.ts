import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConnectedAccount } from './connected-account.entity';
import { UserAddress } from './user-address.entity';
import { User } from './user.entity';
import { UserAccountService } from './user-account.service';
import { UsersApiController } from './users-api.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, UserAddress, ConnectedAccount])],
  controllers: [UsersApiController],
  providers: [UsersService, UserAccountService],
  exports: [UsersService, UserAccountService, TypeOrmModule],
})
export class UsersModule {}
