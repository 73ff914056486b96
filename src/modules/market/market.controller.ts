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
        q: query.q ?? '',
        lat: query.lat ?? null,
        lng: query.lng ?? null,
        radius: query.radius ?? String(DEFAULT_RADIUS_MILES),
        type: query.type ?? '',
        sector: query.sector ?? '',
        status: query.status ?? '',
        min_price: query.min_price ?? '',
        max_price: query.max_price ?? '',
        polygon: query.polygon ?? '',
        beds: query.beds ?? '',
        baths: query.baths ?? '',
        has_video: query.has_video === 'true',
        open_house: query.open_house === 'true',
        sort: query.sort ?? '',
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
