export { CollectionsService, MAX_COLLECTIONS, MAX_MEMBERS } from './collections.service';
export { plainText } from './plain-text';
