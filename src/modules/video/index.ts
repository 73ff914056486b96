export { VideosService } from './videos.service';
export { SpotsService } from './spots.service';
export { WalkthroughsService } from './walkthroughs.service';
export { VideoListsService } from './video-lists.service';
