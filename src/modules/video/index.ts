export { VideosService } from './videos.service';
export { SpotsService } from './spots.service';
export { WalkthroughsService } from './walkthroughs.service';
export { VideoListsService } from './video-lists.service';
export { SpotPublishHolds, type SpotHeldAction } from './spot-publish-holds';
