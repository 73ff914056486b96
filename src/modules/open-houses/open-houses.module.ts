import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { PropertiesModule } from '../properties/properties.module';
import { OpenHousesController } from './open-houses.controller';
import { OpenHousesRepository } from './open-houses.repository';
import { OpenHousesService } from './open-houses.service';

@Module({
  imports: [ListingsModule, PropertiesModule],
  controllers: [OpenHousesController],
  providers: [OpenHousesRepository, OpenHousesService],
  exports: [OpenHousesService],
})
export class OpenHousesModule {}
