import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { DashboardQueryDto } from '../properties';
import { CurrentTeamService } from '../teams';
import type { User } from '../users';
import { ListingsService } from './listings.service';

/** The listings dashboard (success, message, listings.data), its paginate route and one listing. */
@Controller('api/listings')
export class ListingsApiController {
  constructor(
    private readonly listings: ListingsService,
    private readonly currentTeam: CurrentTeamService,
  ) {}

  @Get('dashboard')
  async dashboard(@Query() query: DashboardQueryDto, @CurrentUser() user: User, @Req() req: Request) {
    const teamId = await this.currentTeam.scopeTeamId(req, query.scope);
    const listings = await this.listings.dashboard(user, query, teamId, true);
    return { success: true, message: 'Listings loaded', listings };
  }

  /** Same filters plus page; `listings.next_page_url` points here. */
  @Get('dashboard/paginate')
  async paginate(@Query() query: DashboardQueryDto, @CurrentUser() user: User, @Req() req: Request) {
    const listings = await this.listings.dashboard(user, query, await this.currentTeam.scopeTeamId(req, query.scope));
    return { success: true, message: 'Listings loaded', listings };
  }

  @Get(':id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const { listing, property } = await this.listings.getVisible(id, viewer);
    return { listing: await this.listings.one(listing, property) };
  }
}
