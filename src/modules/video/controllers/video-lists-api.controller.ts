import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { Page } from '../../../contracts/common';
import { CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { VideoPageQueryDto, VideoListDto } from '../dto/video.dto';
import { VideoListsService } from '../video-lists.service';
import { toVideoListJson, type VideoJson, type VideoListJson } from '../video.mapper';
import { Authorize } from '../../policies';

/** Spec 7 Video: GET /api/video-lists/{id}/videos and /lists; plus create, change and delete for the owner. */
@Controller('api/video-lists')
export class VideoListsApiController {
  constructor(private readonly lists: VideoListsService) {}

  @Get(':id/videos')
  @Public()
  async videos(
    @Param('id', UuidPipe) id: string,
    @Query() query: VideoPageQueryDto,
    @CurrentUser() viewer: User | undefined,
  ): Promise<Page<VideoJson> & { list: VideoListJson }> {
    const list = await this.lists.findViewable(viewer, id);
    const page = await this.lists.videosOf(list, viewer, query.page ?? 1, query.per_page ?? 50);
    return { ...page, list: toVideoListJson(list, page.total) };
  }

  @Get(':id/lists')
  @Public()
  async siblings(
    @Param('id', UuidPipe) id: string,
    @Query() query: VideoPageQueryDto,
    @CurrentUser() viewer: User | undefined,
  ): Promise<Page<VideoListJson>> {
    const list = await this.lists.findViewable(viewer, id);
    return this.lists.siblingsOf(list, viewer, query.page ?? 1, query.per_page ?? 20);
  }

  @Post()
  @HttpCode(201)
  async create(
    @Body() body: VideoListDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; list: VideoListJson }> {
    const list = await this.lists.create(user, body);
    return { message: 'Video List Created', list: toVideoListJson(list, body.video_ids?.length ?? 0) };
  }

  @Patch(':id')
  @Authorize('video-list.manage')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() body: VideoListDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; list: VideoListJson }> {
    const list = await this.lists.update(await this.lists.findManageable(user, id), body);
    return { message: 'Video List Updated', list: toVideoListJson(list, body.video_ids?.length ?? 0) };
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<{ message: string }> {
    await this.lists.delete(await this.lists.findManageable(user, id));
    return { message: 'Video List Deleted' };
  }
}
