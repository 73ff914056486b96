import { UsersModule } from '../users/users.module';
import { Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { stopAllSupervised } from './media/supervised-spawn';
import { cleanStaleWork, useMediaWorkRoot } from './media/work-dir';
import { JobRegistry } from '../jobs';
import { ListingMediaRegistry } from '../listings';
import { ListingsModule } from '../listings/listings.module';
import { MediaAccessRegistry } from '../storage';
import { SpotApiController } from './controllers/spot-api.controller';
import { VideoApiController } from './controllers/video-api.controller';
import { VideoListsApiController } from './controllers/video-lists-api.controller';
import { VideoPagesController } from './controllers/video-pages.controller';
import { VideoUploadsController } from './controllers/video-uploads.controller';
import { WalkthroughApiController } from './controllers/walkthrough-api.controller';
import { ListingDirectory } from './listing-directory';
import { ListingMediaResolver } from './listing-media.resolver';
import { SpotPublishHolds } from './spot-publish-holds';
import { SpotsService } from './spots.service';
import { PosterJob, TranscodeJob } from './transcode.job';
import { VideoUploadsService } from './uploads/video-uploads.service';
import { VideoAccessService } from './video-access.service';
import { VideoListsService } from './video-lists.service';
import { VideoRepository } from './video.repository';
import { VIDEO_CONFIG } from '../../config/video.config';
import { POSTER_JOB, TRANSCODE_JOB, VideosService } from './videos.service';
import { WalkthroughsService } from './walkthroughs.service';
import { PolicyChecks } from '../policies';

/**
 * Video: walkthroughs, spots, videos and video lists; tus uploads; the media:transcode job (HLS
 * ladder, poster, duration) with live status on the owner's private channel; playback through
 * /media under videos/<id>/ with the access rule below; the feed, players and embeds.
 * Other modules use the exported services (e.g. listings: WalkthroughsService.create, SpotsService).
 */
@Module({
  imports: [ListingsModule, UsersModule],
  controllers: [
    WalkthroughApiController,
    SpotApiController,
    VideoApiController,
    VideoListsApiController,
    VideoUploadsController,
    VideoPagesController,
  ],
  providers: [
    { provide: VIDEO_CONFIG, useFactory: (config: AppConfig) => config.video, inject: [APP_CONFIG] },
    VideoRepository,
    ListingDirectory,
    ListingMediaResolver,
    VideoAccessService,
    VideosService,
    WalkthroughsService,
    SpotsService,
    SpotPublishHolds,
    VideoListsService,
    VideoUploadsService,
    TranscodeJob,
    PosterJob,
  ],
  exports: [VideosService, WalkthroughsService, SpotsService, SpotPublishHolds, VideoAccessService, VIDEO_CONFIG],
})
export class VideoModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Video');

  constructor(
    private readonly policies: PolicyChecks,
    private readonly videos: VideosService,
    private readonly walkthroughs: WalkthroughsService,
    private readonly spots: SpotsService,
    private readonly lists: VideoListsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobRegistry,
    private readonly media: MediaAccessRegistry,
    private readonly access: VideoAccessService,
    private readonly transcode: TranscodeJob,
    private readonly poster: PosterJob,
    private readonly listingMedia: ListingMediaRegistry,
    private readonly listingMediaResolver: ListingMediaResolver,
  ) {}

  async onModuleInit(): Promise<void> {
    // Changing a video, walkthrough, spot or list: its owner, or a teammate allowed to manage it.
    this.policies.define('video.manage', (user, id) => this.videos.findManageable(user, id));
    this.policies.define('walkthrough.manage', (user, slug) => this.walkthroughs.findManageable(user, slug));
    this.policies.define('spot.manage', (user, slug) => this.spots.findManageable(user, slug));
    this.policies.define('video-list.manage', (user, id) => this.lists.findManageable(user, id));
    // Temporary media work under storage/, where what a killed process left behind is removed at start.
    useMediaWorkRoot(join(this.config.storageDir, 'tmp', 'media'));
    const removed = await cleanStaleWork();
    if (removed)
      this.logger.log(
        `Removed ${removed} temporary media work director${removed === 1 ? 'y' : 'ies'} left by stopped processes`,
      );
    this.jobs.register('media', TRANSCODE_JOB, this.transcode);
    this.jobs.register('media', POSTER_JOB, this.poster);
    // Renditions, posters and sources: public when the video is shown publicly, else owner/admin.
    this.media.register('videos/', (key, user) => this.access.canReadKey(key, user));
    // A listing's spot / spotVideo / walkthrough (spec 3) come from here.
    this.listingMedia.register((refs) => this.listingMediaResolver.resolve(refs));
  }

  /** After the workers drained (they close first): an encoder still running would be orphaned, so stop it. */
  onApplicationShutdown(): void {
    const stopped = stopAllSupervised();
    if (stopped) this.logger.warn(`Stopped ${stopped} encoder process${stopped === 1 ? '' : 'es'} at shutdown`);
  }
}
