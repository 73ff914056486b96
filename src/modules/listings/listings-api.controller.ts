import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { DashboardQueryDto } from '../properties';
import type { User } from '../users';
import { ListingsService } from './listings.service';

/** spec 7: listings dashboard (success, message, listings.data) and its paginate route. */
@Controller('api/listings')
export class ListingsApiController {
  constructor(private readonly listings: ListingsService) {}

  @Get('dashboard')
  async dashboard(@Query() query: DashboardQueryDto, @CurrentUser() user: User) {
    const listings = await this.listings.dashboard(user, { ...query, page: 1 });
    return { success: true, message: 'Listings loaded', listings };
  }

  /** Same filters plus page; `listings.next_page_url` points here. */
  @Get('dashboard/paginate')
  async paginate(@Query() query: DashboardQueryDto, @CurrentUser() user: User) {
    const listings = await this.listings.dashboard(user, query);
    return { success: true, message: 'Listings loaded', listings };
  }

  @Get(':id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const { listing, property } = await this.listings.getVisible(id, viewer);
    return { listing: await this.listings.one(listing, property) };
  }
}
