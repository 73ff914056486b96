export { StorageService, formatBytes, type StoredFile, type StoredImage, type UploadRules } from './storage.service';
export { MediaAccessRegistry, type MediaAccessRule } from './media-access.registry';
export { contentTypeForKey, sniffType } from './sniff';
