import { Body, Controller, Get, Inject, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { UuidPipe } from '../../../common/uuid.pipe';
import { pageOf } from '../../../common/pagination';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { CurrentUser, Public } from '../../auth';
import { Inertia } from '../../inertia';
import type { User } from '../../users';
import { CreateWalkthroughDto, FeedQueryDto, VideoPageQueryDto } from '../dto/video.dto';
import { PLAYBACK_ID_PATTERN } from '../ids';
import { SpotsService } from '../spots.service';
import { VideoAccessService } from '../video-access.service';
import { VideoListsService } from '../video-lists.service';
import { toVideoJson, toVideoListJson, toWalkthroughJson } from '../video.mapper';
import { VideosService } from '../videos.service';
import { ListingsService } from '../../listings';
import { WalkthroughsService } from '../walkthroughs.service';
import { VIDEO_CONFIG, type VideoConfig } from '../../../config/video.config';
// Embeds only may be framed by other sites; everything else stays SAMEORIGIN.
import { allowFraming } from '../../security';

/** Video pages: walkthrough list/editor/tour, spot editor, the swipe feed, the list player and embeds. */
@Controller()
export class VideoPagesController {
  constructor(
    private readonly walkthroughs: WalkthroughsService,
    private readonly spots: SpotsService,
    private readonly videos: VideosService,
    private readonly lists: VideoListsService,
    private readonly access: VideoAccessService,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
    private readonly listingChoices: ListingsService,
  ) {}

  private limits() {
    return { max_upload_bytes: this.config.maxUploadBytes, max_duration_seconds: this.config.maxDurationSeconds };
  }

  @Get('walkthroughs')
  async index(@Query() query: VideoPageQueryDto, @CurrentUser() user: User) {
    const page = query.page ?? 1;
    const [rows, total] = await this.walkthroughs.listOwned(user, page, 20);
    const data = rows.map((w) => toWalkthroughJson(w, { videos: [], viewer: user }));
    return Inertia.render('Walkthrough/Index', {
      walkthroughs: pageOf(data, page, 20, total),
      lists: await this.lists.owned(user),
      listings: await this.listingChoices.choicesFor(user.id),
    });
  }

  @Post('walkthroughs')
  async create(
    @Body() body: CreateWalkthroughDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    let walkthrough = await this.walkthroughs.create(user, { title: body.title });
    if (body.listing_id)
      walkthrough = await this.walkthroughs.update(user, walkthrough, { listing_id: body.listing_id });
    flash(req, 'success', 'Walkthrough Created');
    res.redirect(303, `/walkthroughs/${walkthrough.slug}/edit`);
  }

  @Get('walkthroughs/:slug/edit')
  async edit(@Param('slug') slug: string, @CurrentUser() user: User) {
    const walkthrough = await this.walkthroughs.findManageable(user, slug);
    return Inertia.render('Walkthrough/Edit', {
      walkthrough: await this.walkthroughs.toJson(walkthrough, user),
      limits: this.limits(),
      listings: await this.listingChoices.choicesFor(walkthrough.userId),
    });
  }

  @Get('walkthroughs/:slug')
  @Public()
  async show(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const walkthrough = await this.walkthroughs.findViewable(viewer, slug);
    return Inertia.render('Walkthrough/Show', { walkthrough: await this.walkthroughs.toJson(walkthrough, viewer) });
  }

  @Get('spots/:slug/edit')
  async editSpot(@Param('slug') slug: string, @CurrentUser() user: User) {
    const spot = await this.spots.findManageable(user, slug);
    return Inertia.render('Spot/Edit', { spot: await this.spots.toJson(spot, user), limits: this.limits() });
  }

  @Get('feed')
  @Public()
  async feed(@Query() query: FeedQueryDto, @CurrentUser() viewer: User | undefined) {
    return Inertia.render('Feed/Index', {
      feed: await this.spots.feed(viewer, { page: query.page, cursor: query.cursor }),
    });
  }

  @Get('video-lists/:id')
  @Public()
  async list(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const list = await this.lists.findViewable(viewer, id);
    const videos = await this.lists.videosOf(list, viewer, 1, 50);
    const others = await this.lists.siblingsOf(list, viewer, 1, 20);
    return Inertia.render('VideoList/Show', {
      list: toVideoListJson(list, videos.total),
      videos: videos.data,
      lists: others.data,
    });
  }

  @Get('embed/walkthrough/:slug')
  @Public()
  async embedWalkthrough(
    @Param('slug') slug: string,
    @CurrentUser() viewer: User | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const walkthrough = await this.walkthroughs.findViewable(viewer, slug);
    const json = await this.walkthroughs.toJson(walkthrough, viewer);
    allowFraming(res);
    return Inertia.render('Embed/Player', {
      title: json.title || 'Video tour',
      videos: json.videos.filter((v) => v.status === 'ready'),
      link: `/walkthroughs/${walkthrough.slug}`,
      embed_path: json.embed_url,
    });
  }

  @Get('embed/spot/:slug')
  @Public()
  async embedSpot(
    @Param('slug') slug: string,
    @CurrentUser() viewer: User | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const spot = await this.spots.findViewable(viewer, slug);
    const json = await this.spots.toJson(spot, viewer);
    allowFraming(res);
    return Inertia.render('Embed/Player', {
      title: json.title || json.listing?.name || 'Video tour',
      videos: json.video && json.video.status === 'ready' ? [json.video] : [],
      link: json.listing?.url ?? null,
      embed_path: json.embed_url,
    });
  }

  @Get('embed/video/:playbackId')
  @Public()
  async embedVideo(
    @Param('playbackId') playbackId: string,
    @CurrentUser() viewer: User | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const video = PLAYBACK_ID_PATTERN.test(playbackId) ? await this.videos.findByPlaybackId(playbackId) : null;
    if (!video || !(await this.access.canView(video, viewer)))
      throw new NotFoundException('There is no video with that playback id.');
    allowFraming(res);
    return Inertia.render('Embed/Player', {
      title: video.title || 'Video',
      videos: video.status === 'ready' ? [toVideoJson(video, viewer)] : [],
      link: null,
      embed_path: `/embed/video/${video.playbackId}`,
    });
  }
}
