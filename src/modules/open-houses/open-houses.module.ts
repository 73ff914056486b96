import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListingsModule } from '../listings/listings.module';
import { PropertiesModule } from '../properties/properties.module';
import { OpenHouse, OpenHouseRsvp } from './open-house.entity';
import { OpenHousesController } from './open-houses.controller';
import { OpenHousesService } from './open-houses.service';

@Module({
  imports: [TypeOrmModule.forFeature([OpenHouse, OpenHouseRsvp]), ListingsModule, PropertiesModule],
  controllers: [OpenHousesController],
  providers: [OpenHousesService],
  exports: [OpenHousesService],
})
export class OpenHousesModule {}
