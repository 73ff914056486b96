import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../auth';
import { Inertia } from '../inertia';
import { PROPERTY_SECTORS, PROPERTY_STATUSES, PROPERTY_TYPES } from '../properties';
import { RateLimiterService } from '../security';
import { GeocodeDto, MarketSearchDto } from './dto/market.dto';
import { DEFAULT_CENTER, DEFAULT_RADIUS_MILES } from './geo';
import { MARKET_CONFIG, MarketConfig } from '../../config/market.config';
import { MarketSearchService } from './market-search.service';
import { MARKET_SORTS } from './market.repository';
import { formFilters } from '../../common/form-filters';

@Controller()
export class MarketController {
  constructor(
    private readonly search: MarketSearchService,
    private readonly limiter: RateLimiterService,
    @Inject(MARKET_CONFIG) private readonly config: MarketConfig,
  ) {}

  /** Market search page: a map and a result list; the query string seeds the search. */
  @Get('market')
  @Public()
  page(@Query() query: Record<string, string>) {
    return Inertia.render('Market/Search', {
      initial: {
        ...formFilters(query, [
          'q',
          'type',
          'sector',
          'status',
          'min_price',
          'max_price',
          'polygon',
          'beds',
          'baths',
          'sort',
        ]),
        lat: query.lat ?? null,
        lng: query.lng ?? null,
        radius: query.radius ?? String(DEFAULT_RADIUS_MILES),
        has_video: query.has_video === 'true',
        open_house: query.open_house === 'true',
      },
      map: {
        tileUrl: this.config.tileUrl,
        attribution: this.config.tileAttribution,
        defaultCenter: DEFAULT_CENTER,
        defaultRadius: DEFAULT_RADIUS_MILES,
      },
      options: { types: PROPERTY_TYPES, sectors: PROPERTY_SECTORS, statuses: PROPERTY_STATUSES, sorts: MARKET_SORTS },
    });
  }

  @Get('api/market/search')
  @Public()
  async run(@Query() query: MarketSearchDto, @Req() req: Request) {
    return this.search.search(query, req.user?.timezone);
  }

  @Get('api/market/geocode')
  @Public()
  async geocode(@Query() query: GeocodeDto, @Req() req: Request) {
    await this.limiter.hit(`geocode:${req.ip}`, 120, 60);
    return { results: await this.search.geocode(query.q) };
  }
}
