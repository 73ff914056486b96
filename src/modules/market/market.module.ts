import { BasemapController } from './basemap.controller';
import { Module } from '@nestjs/common';
import { BoostsModule } from '../boosts/boosts.module';
import { PropertiesModule } from '../properties/properties.module';
import { GEOCODER, Geocoder } from './geocoding/geocoder';
import { HttpGeocoder } from './geocoding/http-geocoder';
import { OfflineGeocoder } from './geocoding/offline-geocoder';
import { MarketController } from './market.controller';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MARKET_CONFIG, MarketConfig } from '../../config/market.config';
import { MarketSearchService } from './market-search.service';
import { MarketRepository } from './market.repository';

@Module({
  imports: [PropertiesModule, BoostsModule],
  controllers: [MarketController, BasemapController],
  providers: [
    { provide: MARKET_CONFIG, useFactory: (config: AppConfig) => config.market, inject: [APP_CONFIG] },
    {
      provide: GEOCODER,
      inject: [MARKET_CONFIG],
      useFactory: (config: MarketConfig): Geocoder =>
        config.geocoder === 'http' ? new HttpGeocoder(config.geocoderUrl!) : new OfflineGeocoder(),
    },
    MarketRepository,
    MarketSearchService,
  ],
  exports: [MarketSearchService, GEOCODER],
})
export class MarketModule {}
