import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import type { Request } from 'express';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import { PROPERTY_SECTORS, PROPERTY_STATUSES, PROPERTY_TYPES } from '../properties';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { CreateSavedSearchDto, GeocodeDto, MarketSearchDto } from './dto/market.dto';
import { DEFAULT_CENTER, DEFAULT_RADIUS_MILES } from './geo';
import { MARKET_CONFIG, MarketConfig } from '../../config/market.config';
import { MarketSearchService } from './market-search.service';
import { MARKET_SORTS } from './market.repository';
import { SavedSearchesService } from './saved-searches.service';

@Controller()
export class MarketController {
  constructor(
    private readonly search: MarketSearchService,
    private readonly saved: SavedSearchesService,
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
  async run(@Query() query: MarketSearchDto) {
    return this.search.search(query);
  }

  @Get('api/market/geocode')
  @Public()
  async geocode(@Query() query: GeocodeDto, @Req() req: Request) {
    await this.limiter.hit(`geocode:${req.ip}`, 120, 60);
    return { results: await this.search.geocode(query.q) };
  }

  @Get('api/market/saved-searches')
  async savedSearches(@CurrentUser() user: User) {
    return { saved_searches: await this.saved.list(user) };
  }

  @Post('api/market/saved-searches')
  @HttpCode(201)
  async saveSearch(@Body() body: CreateSavedSearchDto, @CurrentUser() user: User) {
    return { message: 'Search saved', saved_search: await this.saved.create(user, body) };
  }

  @Delete('api/market/saved-searches/:id')
  async deleteSearch(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.saved.delete(user, id);
    return { message: 'Saved search deleted' };
  }
}
