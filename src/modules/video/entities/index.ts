export { Walkthrough } from './walkthrough.entity';
export { Video, VIDEO_STATUSES, type VideoStatus, type Rendition } from './video.entity';
export { Spot } from './spot.entity';
export { VideoList, VideoListItem } from './video-list.entity';

import { Walkthrough } from './walkthrough.entity';
import { Video } from './video.entity';
import { Spot } from './spot.entity';
import { VideoList, VideoListItem } from './video-list.entity';

/** Every entity of the video area (listed once in src/database/entities.ts). */
export const VIDEO_ENTITIES = [Walkthrough, Video, Spot, VideoList, VideoListItem];
