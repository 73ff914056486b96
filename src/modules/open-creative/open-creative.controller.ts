import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { CreateGrantDto, GrantsQueryDto, ManagerProfileDto, ManagersQueryDto } from './dto/open-creative.dto';
import { OpenCreativeService } from './open-creative.service';

/** OpenCreative's JSON API: the managers marketplace, the caller's own listing, delegations and their activity. */
@Controller('api/open-creative')
export class OpenCreativeController {
  constructor(
    private readonly creative: OpenCreativeService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** Creative managers by words and skill, most recently updated first. */
  @Get('managers')
  @Public()
  managers(@Query() q: ManagersQueryDto) {
    return this.creative.managers(q);
  }

  @Get('managers/:id')
  @Public()
  async manager(@Param('id', UuidPipe) id: string) {
    return { manager: await this.creative.manager(id) };
  }

  /** The caller's own manager listing (null before they list themselves). */
  @Get('profile')
  async mine(@CurrentUser() user: User) {
    return { manager: await this.creative.mine(user) };
  }

  @Put('profile')
  async save(@Body() body: ManagerProfileDto, @CurrentUser() user: User) {
    await this.limiter.hit(`creative-profile:${user.id}`, 30, 3600);
    return { message: 'Listing saved', manager: await this.creative.saveProfile(user, body) };
  }

  @Delete('profile')
  async remove(@CurrentUser() user: User) {
    await this.creative.removeProfile(user);
    return { message: 'You left the marketplace' };
  }

  /** Grants the caller gave (`side=given`, the default) or received (`side=received`), newest first. */
  @Get('grants')
  grants(@Query() q: GrantsQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.creative.grants(user, q.currentSide(), page, perPage);
  }

  /** The caller's own listings, paged, to scope a grant to some of them. */
  @Get('listings')
  listings(@Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.creative.listingChoices(user, page, perPage);
  }

  /** Offers a manager delegated access; it waits for them to accept. */
  @Post('grants')
  @HttpCode(201)
  async grant(@Body() body: CreateGrantDto, @CurrentUser() user: User) {
    await this.limiter.hit(`creative-grant:${user.id}`, 20, 3600);
    return { message: 'Invitation sent', grant: await this.creative.createGrant(user, body) };
  }

  @Post('grants/:id/accept')
  @HttpCode(200)
  async accept(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Delegation accepted', grant: await this.creative.accept(user, id) };
  }

  @Post('grants/:id/decline')
  @HttpCode(200)
  async decline(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Delegation declined', grant: await this.creative.decline(user, id) };
  }

  @Post('grants/:id/revoke')
  @HttpCode(200)
  async revoke(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Delegation revoked', grant: await this.creative.revoke(user, id) };
  }

  /** Delegated actions on the caller's work (`side=given`) or done by the caller (`side=received`), newest first. */
  @Get('activity')
  activity(@Query() q: GrantsQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.creative.activity(user, q.currentSide(), page, perPage);
  }
}
