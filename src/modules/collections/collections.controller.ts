import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import {
  AddItemDto,
  AddMemberDto,
  CollectionNameDto,
  CollectionsPageQueryDto,
  CommentDto,
} from './dto/collections.dto';
import { CollectionsService } from './collections.service';
import { Authorize } from '../policies';

@Controller('api/collections')
export class CollectionsController {
  constructor(
    private readonly collections: CollectionsService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** A collection through its shared link: read-only, no comments or members. */
  @Get('shared/:token')
  @Public()
  async shared(@Param('token') token: string, @Query() q: PageQueryDto, @Req() req: Request) {
    await this.limiter.hit(`collection-link:${req.ip}`, 60, 60);
    const { page, perPage } = q.window(20);
    return this.collections.shared(token, page, perPage);
  }

  /** The user's own collections and those shared with them. */
  @Get()
  list(@Query() q: CollectionsPageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.collections.page(user, page, perPage, q.editable);
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: CollectionNameDto, @CurrentUser() user: User) {
    return { message: 'Collection created', collection: await this.collections.create(user, body.name) };
  }

  @Get(':id')
  show(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.collections.show(user, id, page, perPage);
  }

  @Patch(':id')
  @Authorize('collection.share')
  async rename(@Param('id', UuidPipe) id: string, @Body() body: CollectionNameDto, @CurrentUser() user: User) {
    return { message: 'Collection renamed', collection: await this.collections.rename(user, id, body.name) };
  }

  @Delete(':id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.collections.delete(user, id);
    return { message: 'Collection deleted' };
  }

  /** Saves a listing into the collection (saving it twice keeps one). */
  @Post(':id/items')
  @Authorize('collection.add')
  @HttpCode(201)
  async addItem(@Param('id', UuidPipe) id: string, @Body() body: AddItemDto, @CurrentUser() user: User) {
    return { message: 'Saved to the collection', ...(await this.collections.addItem(user, id, body.property_id)) };
  }

  @Delete(':id/items/:itemId')
  async removeItem(
    @Param('id', UuidPipe) id: string,
    @Param('itemId', UuidPipe) itemId: string,
    @CurrentUser() user: User,
  ) {
    await this.collections.removeItem(user, id, itemId);
    return { message: 'Removed from the collection' };
  }

  /** A comment on a saved listing (plain text), by the owner or a member. */
  @Post(':id/items/:itemId/comments')
  @Authorize('collection.comment')
  @HttpCode(201)
  async comment(
    @Param('id', UuidPipe) id: string,
    @Param('itemId', UuidPipe) itemId: string,
    @Body() body: CommentDto,
    @CurrentUser() user: User,
  ) {
    await this.limiter.hit(`collection-comment:${user.id}`, 30, 60);
    return { message: 'Comment added', comment: await this.collections.comment(user, id, itemId, body.body) };
  }

  /** Turns on a new share link (an earlier one stops working). */
  @Post(':id/share-link')
  @HttpCode(201)
  async share(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Share link created', ...(await this.collections.share(user, id)) };
  }

  @Delete(':id/share-link')
  async revoke(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.collections.revokeShare(user, id);
    return { message: 'Share link turned off' };
  }

  /** Shares with a partner or the realtor, to view or to edit. */
  @Post(':id/members')
  @Authorize('collection.share')
  @HttpCode(201)
  async addMember(@Param('id', UuidPipe) id: string, @Body() body: AddMemberDto, @CurrentUser() user: User) {
    return { message: 'Shared', member: await this.collections.addMember(user, id, body.who, body.role) };
  }

  @Delete(':id/members/:userId')
  async removeMember(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) memberId: string,
    @CurrentUser() user: User,
  ) {
    await this.collections.removeMember(user, id, memberId);
    return { message: 'No longer shared' };
  }
}
