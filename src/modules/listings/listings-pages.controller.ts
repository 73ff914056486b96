import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { mapSettings } from '../../config/market.config';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import { DASHBOARD_SORTS, DashboardPageQueryDto } from '../properties';
import { PropertiesService } from '../properties';
import type { User } from '../users';
import { ListingsService } from './listings.service';

@Controller()
export class ListingsPagesController {
  constructor(
    private readonly listings: ListingsService,
    private readonly properties: PropertiesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Listings dashboard with incremental paging (the page loads its data through the API). */
  @Get('listings')
  dashboard(@Query() query: DashboardPageQueryDto) {
    return Inertia.render('Listings/Dashboard', { filters: query.filters(), sorts: DASHBOARD_SORTS });
  }

  @Get('listing/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const { listing, property } = await this.listings.getVisible(id, viewer);
    const [json, full, photos] = await Promise.all([
      this.listings.one(listing, property),
      this.properties.full(property, viewer),
      this.properties.photos(property),
    ]);
    return Inertia.render('Listing/Show', {
      listing: json,
      property: full,
      photos,
      map: mapSettings(this.config.market),
    });
  }
}
