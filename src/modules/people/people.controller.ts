import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { cacheForViewer, ifNoneMatch, sendsNotModified } from '../../common/http-cache';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { AddMarketDto, MarketsQueryDto, PersonPageQueryDto, UpdateStatDto } from './dto/people.dto';
import { PeopleService, type ProfileJson } from './people.service';

/** spec 7 "Users and markets": followings/followers, markets, stats, profiles; plus follow/unfollow. */
@Controller()
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get('api/followings')
  async followings(@Query() q: PersonPageQueryDto, @CurrentUser() user: User) {
    const target = q.user_id ? await this.people.userOr404(q.user_id) : user;
    return this.people.followList('followings', target.id, q.page ?? 1, q.per_page ?? 20);
  }

  @Get('api/followers')
  async followers(@Query() q: PersonPageQueryDto, @CurrentUser() user: User) {
    const target = q.user_id ? await this.people.userOr404(q.user_id) : user;
    return this.people.followList('followers', target.id, q.page ?? 1, q.per_page ?? 20);
  }

  /** Not in spec 7 (follow button): follow / unfollow a user by id. */
  @Post('api/follows/:userId')
  @HttpCode(200)
  async follow(@Param('userId', UuidPipe) userId: string, @CurrentUser() user: User) {
    return { message: 'Following', ...(await this.people.follow(user, userId)) };
  }

  @Delete('api/follows/:userId')
  async unfollow(@Param('userId', UuidPipe) userId: string, @CurrentUser() user: User) {
    return { message: 'Unfollowed', ...(await this.people.unfollow(user, userId)) };
  }

  @Get('api/markets')
  @Public()
  markets(@Query() q: MarketsQueryDto) {
    return this.people.searchMarkets(q.search, q.page ?? 1, q.per_page ?? 20);
  }

  @Get('api/markets/user/:userId')
  @Public()
  async userMarkets(@Param('userId', UuidPipe) userId: string) {
    const user = await this.people.userOr404(userId);
    return { markets: await this.people.marketsOf(user.id) };
  }

  @Post('api/markets')
  @HttpCode(201)
  async addMarket(@Body() body: AddMarketDto, @CurrentUser() user: User) {
    return { message: 'Market added', ...(await this.people.addMarket(user, body)) };
  }

  @Post('api/markets/:id/user/:userId/detach')
  @HttpCode(200)
  async detachMarket(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
    @CurrentUser() user: User,
  ) {
    return { message: 'Market removed', markets: await this.people.detachMarket(user, id, userId) };
  }

  @Post('api/user/stat/:statId/update')
  @HttpCode(200)
  async updateStat(@Param('statId') statId: string, @Body() body: UpdateStatDto, @CurrentUser() user: User) {
    return { message: 'Stats Updated', stats: await this.people.updateStat(user, statId, body.value) };
  }

  @Get('api/profile/user/:userId')
  @Public()
  async profileById(
    @Param('userId', UuidPipe) userId: string,
    @Query() q: PersonPageQueryDto,
    @CurrentUser() viewer: User | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.profileAnswer(await this.people.userOr404(userId), viewer, q.page ?? 1, req, res);
  }

  @Get('api/profile/:handle')
  @Public()
  async profile(
    @Param('handle') handle: string,
    @Query() q: PersonPageQueryDto,
    @CurrentUser() viewer: User | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.profileAnswer(await this.people.userByHandle(handle), viewer, q.page ?? 1, req, res);
  }

  /**
   * A guest's profile carries its version's ETag (a conditional GET that holds it gets a 304 without the page being
   * built) and may be kept by shared caches; a signed-in viewer's (follow button, message link) by no one.
   */
  private async profileAnswer(
    user: User,
    viewer: User | undefined,
    page: number,
    req: Request,
    res: Response,
  ): Promise<ProfileJson> {
    cacheForViewer(req, res, !!viewer);
    if (viewer) return this.people.profile(user, viewer, page);
    const { etag, json } = await this.people.guestProfileAnswer(user, page, ifNoneMatch(req));
    // Express answers 304 with no body when the request holds the tag (json is null only then), so the type holds.
    return (sendsNotModified(req, res, etag) ? null : json) as ProfileJson;
  }

  @Get('profile/user/:userId')
  @Public()
  async profilePageById(@Param('userId', UuidPipe) userId: string, @CurrentUser() viewer: User | undefined) {
    const user = await this.people.userOr404(userId);
    if (user.handle) return Inertia.location(`/profile/${user.handle}`);
    return Inertia.render('Profile/Show', { profile: await this.people.profile(user, viewer) });
  }

  @Get('profile/:handle')
  @Public()
  async profilePage(@Param('handle') handle: string, @CurrentUser() viewer: User | undefined) {
    return Inertia.render('Profile/Show', { profile: await this.people.profileByHandle(handle, viewer) });
  }
}
