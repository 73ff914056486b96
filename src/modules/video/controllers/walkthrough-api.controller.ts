import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { CreateWalkthroughDto, UpdateWalkthroughDto } from '../dto/video.dto';
import type { WalkthroughJson } from '../video.mapper';
import { WalkthroughsService } from '../walkthroughs.service';
import { Authorize } from '../../policies';

/** Spec 7 Video: GET/PATCH /api/walkthrough/{slug}; POST /api/walkthroughs creates one (a listing's, or free-standing). */
@Controller('api')
export class WalkthroughApiController {
  constructor(private readonly walkthroughs: WalkthroughsService) {}

  @Get('walkthrough/:slug')
  @Public()
  async show(
    @Param('slug') slug: string,
    @CurrentUser() viewer: User | undefined,
  ): Promise<{ walkthrough: WalkthroughJson }> {
    const walkthrough = await this.walkthroughs.findViewable(viewer, slug);
    return { walkthrough: await this.walkthroughs.toJson(walkthrough, viewer) };
  }

  @Patch('walkthrough/:slug')
  @Authorize('walkthrough.manage', 'slug')
  async update(
    @Param('slug') slug: string,
    @Body() body: UpdateWalkthroughDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; walkthrough: WalkthroughJson }> {
    const walkthrough = await this.walkthroughs.findManageable(user, slug);
    await this.walkthroughs.update(user, walkthrough, body);
    return { message: 'Walkthrough Updated', walkthrough: await this.walkthroughs.toJson(walkthrough, user) };
  }

  @Post('walkthroughs')
  @HttpCode(201)
  async create(
    @Body() body: CreateWalkthroughDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; walkthrough: WalkthroughJson }> {
    let walkthrough = await this.walkthroughs.create(user, { title: body.title });
    if (body.listing_id)
      walkthrough = await this.walkthroughs.update(user, walkthrough, { listing_id: body.listing_id });
    return { message: 'Walkthrough Created', walkthrough: await this.walkthroughs.toJson(walkthrough, user) };
  }
}
