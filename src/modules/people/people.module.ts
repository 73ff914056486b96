import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { MarketModule } from '../market/market.module';
import { StickersModule } from '../stickers/stickers.module';
import { UsersModule } from '../users/users.module';
import { PeopleController } from './people.controller';
import { PeopleRepository } from './people.repository';
import { PeopleService } from './people.service';

@Module({
  imports: [UsersModule, ListingsModule, MarketModule, StickersModule],
  controllers: [PeopleController],
  providers: [PeopleRepository, PeopleService],
  exports: [PeopleService],
})
export class PeopleModule {}
