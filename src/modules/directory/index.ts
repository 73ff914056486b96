/** What other modules may use: the service-provider directory. */
export { DirectoryService, LICENCE_MAX_BYTES, MAX_OFFERINGS } from './directory.service';
export { DirectoryReviewsService } from './directory-reviews.service';
export { VerifyProviderDto } from './dto/directory.dto';
export type * from '../../contracts/directory';
