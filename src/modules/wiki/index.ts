/** What other modules may use: the wiki's service, its pure diff and its types. */
export { WikiService } from './wiki.service';
export { lineDiff, wikiLines } from './wiki-diff';
export type * from '../../contracts/wiki';
