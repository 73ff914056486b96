/** What other modules may use: the service-provider directory. */
export { DirectoryService, MAX_OFFERINGS } from './directory.service';
export type * from '../../contracts/directory';
