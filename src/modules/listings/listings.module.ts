import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PropertiesModule } from '../properties/properties.module';
import { Property } from '../properties';
import { ListingMediaRegistry } from './listing-media.registry';
import { Listing } from './listing.entity';
import { ListingsApiController } from './listings-api.controller';
import { ListingsPagesController } from './listings-pages.controller';
import { ListingsRepository } from './listings.repository';
import { ListingsService } from './listings.service';

@Module({
  imports: [TypeOrmModule.forFeature([Listing, Property]), PropertiesModule],
  controllers: [ListingsApiController, ListingsPagesController],
  providers: [ListingsRepository, ListingsService, ListingMediaRegistry],
  exports: [ListingsService, ListingMediaRegistry],
})
export class ListingsModule {}
