import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
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
export class UsersModule {}
