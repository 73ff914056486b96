import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListingsModule } from '../listings/listings.module';
import { MarketModule } from '../market/market.module';
import { UsersModule } from '../users/users.module';
import { PeopleController } from './people.controller';
import { Follow, Market, Stat, UserMarket, UserStat } from './people.entities';
import { PeopleService } from './people.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Follow, Market, UserMarket, Stat, UserStat]),
    UsersModule,
    ListingsModule,
    MarketModule,
  ],
  controllers: [PeopleController],
  providers: [PeopleService],
  exports: [PeopleService],
})
export class PeopleModule {}
