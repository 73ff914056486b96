import { Controller, Get, Header, Query } from '@nestjs/common';
import { Public } from '../auth';
import { BasemapQueryDto } from './dto/market.dto';
import { placesInBox } from './geocoding/offline-geocoder';

/**
 * Place labels for the offline basemap drawn under every map, so a map orients people (cities, towns) even when
 * no tile server is configured or reachable. Answered from the gazetteer shipped with the app: no network.
 */
@Controller()
export class BasemapController {
  @Get('api/market/basemap')
  @Public()
  @Header('Cache-Control', 'public, max-age=86400')
  places(@Query() q: BasemapQueryDto) {
    return { places: placesInBox(q, q.limit ?? 40) };
  }
}
