/** What other modules may use: societies and their posts. */
export { SocietyService } from './society.service';
export { SocietyPostsService, SOCIETY_POST_KIND } from './society-posts.service';
export type * from '../../contracts/society';
