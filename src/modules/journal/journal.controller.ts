import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { FlagDto } from '../community';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { CommentDto, CreateJournalPostDto, JournalFeedQueryDto, JournalPostDto, PublishDto } from './dto/journal.dto';
import { IMAGE_RULES, LIMITS } from './journal.constants';
import { JournalInteractionsService } from './journal-interactions.service';
import { JournalReadService } from './journal-read.service';
import { JournalService } from './journal.service';
import { Authorize } from '../policies';

/** Journal JSON API: feeds, the author's posts, writing and publishing, comments, likes and flags. */
@Controller('api/journal')
export class JournalController {
  constructor(
    private readonly journal: JournalService,
    private readonly read: JournalReadService,
    private readonly interactions: JournalInteractionsService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** Everyone's public posts, newest first (keyset: pass the answer's next_cursor). */
  @Get()
  @Public()
  feed(@Query() q: JournalFeedQueryDto, @CurrentUser() viewer: User | undefined) {
    return this.read.feed(viewer, q.cursor);
  }

  /** The signed-in author's own posts, drafts and scheduled ones included. */
  @Get('mine')
  mine(@Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return this.read.mine(user, page, perPage);
  }

  /** One author's posts the viewer may read. */
  @Get('authors/:handle')
  @Public()
  async byAuthor(
    @Param('handle') handle: string,
    @Query() q: JournalFeedQueryDto,
    @CurrentUser() viewer: User | undefined,
  ) {
    const author = await this.read.authorByHandle(handle);
    return this.read.feed(viewer, q.cursor, author.id);
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: CreateJournalPostDto, @CurrentUser() user: User) {
    await this.limiter.hit(`journal-post:${user.id}`, LIMITS.posts.count, LIMITS.posts.windowSeconds);
    return { message: 'Draft saved', post: await this.journal.create(user, body) };
  }

  @Post('images')
  @HttpCode(201)
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: IMAGE_RULES.maxBytes, files: 1 } }))
  async image(@UploadedFile() file: { buffer: Buffer } | undefined, @CurrentUser() user: User) {
    await this.limiter.hit(`journal-image:${user.id}`, LIMITS.images.count, LIMITS.images.windowSeconds);
    return { image: await this.journal.uploadImage(user, file?.buffer) };
  }

  @Post('comments/:id/flag')
  @HttpCode(200)
  flagComment(@Param('id', UuidPipe) id: string, @Body() body: FlagDto, @CurrentUser() user: User) {
    return this.interactions.flagComment(user, id, body.reason);
  }

  @Get(':id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { post: await this.read.show(id, viewer) };
  }

  @Patch(':id')
  @Authorize('journal-post.change')
  async update(@Param('id', UuidPipe) id: string, @Body() body: JournalPostDto, @CurrentUser() user: User) {
    return { message: 'Saved', post: await this.journal.update(user, id, body) };
  }

  @Delete(':id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.journal.remove(user, id);
    return { message: 'Post deleted' };
  }

  /** Publishes now, or at `publish_at`. */
  @Post(':id/publish')
  @Authorize('journal-post.change')
  @HttpCode(200)
  async publish(@Param('id', UuidPipe) id: string, @Body() body: PublishDto, @CurrentUser() user: User) {
    const post = await this.journal.publish(user, id, body);
    return { message: post.status === 'scheduled' ? 'Scheduled' : 'Published', post };
  }

  @Post(':id/unpublish')
  @HttpCode(200)
  async unpublish(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Back to draft', post: await this.journal.unpublish(user, id) };
  }

  @Get(':id/comments')
  @Public()
  comments(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(50);
    return this.interactions.comments(id, viewer, page, perPage);
  }

  @Post(':id/comments')
  @HttpCode(201)
  async comment(@Param('id', UuidPipe) id: string, @Body() body: CommentDto, @CurrentUser() user: User) {
    await this.limiter.hit(`journal-comment:${user.id}`, LIMITS.comments.count, LIMITS.comments.windowSeconds);
    const comment = await this.interactions.comment(user, id, body.body_html);
    return {
      message: comment.moderation === 'pending' ? 'Your comment waits for a moderator' : 'Comment posted',
      comment,
    };
  }

  @Put(':id/like')
  like(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return this.interactions.like(user, id, true);
  }

  @Delete(':id/like')
  unlike(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return this.interactions.like(user, id, false);
  }

  @Post(':id/flag')
  @HttpCode(200)
  flag(@Param('id', UuidPipe) id: string, @Body() body: FlagDto, @CurrentUser() user: User) {
    return this.interactions.flagPost(user, id, body.reason);
  }
}
