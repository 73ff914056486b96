import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { FlagDto, TrustService } from '../community';
import { Inertia } from '../inertia';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import {
  CreateSocietyDto,
  InviteDto,
  RoleDto,
  SocietyDto,
  SocietyFeedQueryDto,
  SocietyListQueryDto,
  SocietyPostDto,
} from './dto/society.dto';
import { SocietyPostsService } from './society-posts.service';
import { SocietyService } from './society.service';
import { Authorize } from '../policies';

/** Societies: JSON API under /api/societies and the Society/Index and Society/Show pages. */
@Controller()
export class SocietyController {
  constructor(
    private readonly societies: SocietyService,
    private readonly posts: SocietyPostsService,
    private readonly trust: TrustService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('societies')
  @Public()
  async indexPage(@Query() q: SocietyListQueryDto, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const { page, perPage } = q.window(24);
    const [list, mine, trust] = await Promise.all([
      this.societies.list(viewer, false, page, perPage),
      viewer ? this.societies.list(viewer, true, 1, 50) : Promise.resolve(null),
      viewer ? this.trust.standing(viewer) : Promise.resolve(null),
    ]);
    return Inertia.render('Society/Index', { societies: list, mine, trust });
  }

  @Get('societies/:id')
  @Public()
  async showPage(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const society = await this.societies.show(id, viewer);
    const [feed, members] = await Promise.all([
      this.posts.feed(id, viewer, undefined),
      this.societies.members(id, viewer, 1, 12),
    ]);
    return Inertia.render('Society/Show', { society, feed, members });
  }

  @Get('api/societies')
  @Public()
  list(@Query() q: SocietyListQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(24);
    return this.societies.list(viewer, q.mine === true, page, perPage);
  }

  /** Creating a society needs trust level 2 (member). */
  @Post('api/societies')
  @HttpCode(201)
  async create(@Body() body: CreateSocietyDto, @CurrentUser() user: User) {
    await this.limiter.hit(`society-create:${user.id}`, 5, 86_400);
    return { message: 'Society created', society: await this.societies.create(user, body) };
  }

  @Get('api/societies/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { society: await this.societies.show(id, viewer) };
  }

  @Patch('api/societies/:id')
  @Authorize('society.change')
  async update(@Param('id', UuidPipe) id: string, @Body() body: SocietyDto, @CurrentUser() user: User) {
    return { message: 'Saved', society: await this.societies.update(user, id, body) };
  }

  @Post('api/societies/:id/join')
  @HttpCode(200)
  async join(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Welcome to the society', society: await this.societies.join(user, id) };
  }

  @Post('api/societies/:id/leave')
  @HttpCode(200)
  async leave(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.societies.leave(user, id);
    return { message: 'You left the society' };
  }

  @Get('api/societies/:id/members')
  @Public()
  members(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(24);
    return this.societies.members(id, viewer, page, perPage);
  }

  @Post('api/societies/:id/invites')
  @Authorize('society.moderate')
  @HttpCode(201)
  async invite(@Param('id', UuidPipe) id: string, @Body() body: InviteDto, @CurrentUser() user: User) {
    await this.limiter.hit(`society-invite:${user.id}`, 50, 3600);
    await this.societies.invite(user, id, body.user_id);
    return { message: 'Invitation sent' };
  }

  @Put('api/societies/:id/members/:userId')
  @Authorize('society.roles')
  async setRole(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
    @Body() body: RoleDto,
    @CurrentUser() user: User,
  ) {
    await this.societies.setRole(user, id, userId, body.role);
    return { message: 'Role changed' };
  }

  @Delete('api/societies/:id/members/:userId')
  async removeMember(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
    @CurrentUser() user: User,
  ) {
    await this.societies.removeMember(user, id, userId);
    return { message: 'Member removed' };
  }

  /** The society's posts, newest first (keyset: pass the answer's next_cursor). */
  @Get('api/societies/:id/posts')
  @Public()
  feed(@Param('id', UuidPipe) id: string, @Query() q: SocietyFeedQueryDto, @CurrentUser() viewer: User | undefined) {
    return this.posts.feed(id, viewer, q.cursor);
  }

  @Post('api/societies/:id/posts')
  @Authorize('society.post')
  @HttpCode(201)
  async post(@Param('id', UuidPipe) id: string, @Body() body: SocietyPostDto, @CurrentUser() user: User) {
    await this.limiter.hit(`society-post:${user.id}`, 10, 600);
    const post = await this.posts.post(user, id, body.body_html);
    return { message: post.moderation === 'pending' ? 'Your post waits for a moderator' : 'Posted', post };
  }

  @Get('api/society-posts/:id/comments')
  @Public()
  comments(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(50);
    return this.posts.comments(id, viewer, page, perPage);
  }

  @Post('api/society-posts/:id/comments')
  @Authorize('society-post.comment')
  @HttpCode(201)
  async comment(@Param('id', UuidPipe) id: string, @Body() body: SocietyPostDto, @CurrentUser() user: User) {
    await this.limiter.hit(`society-comment:${user.id}`, 20, 600);
    return { message: 'Comment posted', comment: await this.posts.comment(user, id, body.body_html) };
  }

  @Post('api/society-posts/:id/flag')
  @HttpCode(200)
  flag(@Param('id', UuidPipe) id: string, @Body() body: FlagDto, @CurrentUser() user: User) {
    return this.posts.flag(user, id, body.reason);
  }
}
