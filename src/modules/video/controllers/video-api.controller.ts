import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { cacheForViewer } from '../../../common/http-cache';
import { UuidPipe } from '../../../common/uuid.pipe';
import { CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { CreateVideoDto, FeedQueryDto, UpdateVideoDto } from '../dto/video.dto';
import { SpotsService } from '../spots.service';
import { VideoUploadsService } from '../uploads/video-uploads.service';
import { VideoAccessService } from '../video-access.service';
import { toVideoJson, type FeedPageJson, type VideoJson } from '../video.mapper';
import { VideosService } from '../videos.service';
import { WalkthroughsService } from '../walkthroughs.service';
import { Authorize } from '../../policies';
import { requireVideoManager } from '../video.policy';

/**
 * Spec 7 Video: POST /api/video/walkthrough/{slug}, POST /api/video/blank, POST /api/video/{id}/update,
 * DELETE /api/video/{id}; plus GET /api/video/{id}, POST /api/video/{id}/retry and the feed.
 */
@Controller('api')
export class VideoApiController {
  constructor(
    private readonly videos: VideosService,
    private readonly walkthroughs: WalkthroughsService,
    private readonly spots: SpotsService,
    private readonly uploads: VideoUploadsService,
    private readonly access: VideoAccessService,
  ) {}

  @Post('video/walkthrough/:slug')
  @Authorize('walkthrough.manage', 'slug')
  @HttpCode(201)
  async createInWalkthrough(
    @Param('slug') slug: string,
    @Body() body: CreateVideoDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; video: VideoJson }> {
    const walkthrough = await this.walkthroughs.findManageable(user, slug);
    const video = await this.videos.create(user, { title: body.title, walkthrough });
    return { message: 'Video Created', video: toVideoJson(video, user) };
  }

  @Post('video/blank')
  @HttpCode(201)
  async createBlank(
    @Body() body: CreateVideoDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; video: VideoJson }> {
    const video = await this.videos.create(user, { title: body.title });
    return { message: 'Video Created', video: toVideoJson(video, user) };
  }

  @Get('video/:id')
  @Public()
  async show(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() viewer: User | undefined,
  ): Promise<{ video: VideoJson }> {
    const video = await this.videos.find(id);
    if (!(await this.access.canView(video, viewer))) throw new NotFoundException('There is no video with that id.');
    return { video: toVideoJson(video, viewer) };
  }

  @Post('video/:id/update')
  @Authorize('video.manage')
  @HttpCode(200)
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() body: UpdateVideoDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; video: VideoJson }> {
    const video = await this.videos.findManageable(user, id);
    const saved = await this.videos.update(video, body);
    return { message: 'Video Updated!', video: toVideoJson(saved, user) };
  }

  @Post('video/:id/retry')
  @HttpCode(200)
  async retry(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
  ): Promise<{ message: string; video: VideoJson }> {
    const video = await this.videos.findManageable(user, id);
    await this.videos.retry(video);
    return { message: 'Processing the video again', video: toVideoJson(video, user) };
  }

  @Delete('video/:id')
  @HttpCode(200)
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<{ message: string }> {
    const video = await this.videos.find(id);
    requireVideoManager(this.access.canManage(video, user), 'video', 'delete');
    await this.videos.delete(video);
    await this.uploads.discard(video.uploadId);
    return { message: 'Video Deleted' };
  }

  /** The swipe feed: published spots with ready videos, newest first; `cursor` continues below a previous page. */
  @Get('feed')
  @Public()
  feed(
    @Query() query: FeedQueryDto,
    @CurrentUser() viewer: User | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeedPageJson> {
    // A guest's page is shared and revalidated by its ETag (304 when unchanged); a signed-in viewer's is private.
    cacheForViewer(req, res, !!viewer);
    return this.spots.feed(viewer, { page: query.page, perPage: query.per_page, cursor: query.cursor });
  }
}
