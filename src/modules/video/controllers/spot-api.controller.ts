import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { SpotDto } from '../dto/video.dto';
import { SpotsService } from '../spots.service';
import type { SpotJson } from '../video.mapper';
import { WalkthroughsService } from '../walkthroughs.service';
import { Authorize } from '../../policies';

/** Spec 7 Video: GET /api/spot/{slug}; POST /api/spot/{walkthroughSlug}; PATCH /api/spot/{slug}. */
@Controller('api/spot')
export class SpotApiController {
  constructor(
    private readonly spots: SpotsService,
    private readonly walkthroughs: WalkthroughsService,
  ) {}

  @Get(':slug')
  @Public()
  async show(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined): Promise<{ spot: SpotJson }> {
    const spot = await this.spots.findViewable(viewer, slug);
    return { spot: await this.spots.toJson(spot, viewer) };
  }

  @Post(':walkthroughSlug')
  @Authorize('walkthrough.manage', 'walkthroughSlug')
  @HttpCode(201)
  async create(
    @Param('walkthroughSlug') walkthroughSlug: string,
    @Body() body: SpotDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; spot: SpotJson }> {
    const walkthrough = await this.walkthroughs.findManageable(user, walkthroughSlug);
    const spot = await this.spots.create(user, walkthrough, body);
    return { message: 'Spot Created', spot: await this.spots.toJson(spot, user) };
  }

  @Patch(':slug')
  @Authorize('spot.manage', 'slug')
  async update(
    @Param('slug') slug: string,
    @Body() body: SpotDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; spot: SpotJson }> {
    const spot = await this.spots.findManageable(user, slug);
    await this.spots.update(user, spot, body);
    return { message: 'Spot Updated', spot: await this.spots.toJson(spot, user) };
  }
}
