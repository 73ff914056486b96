/** Where a stored file is served (`/media/<key>`, src/modules/storage); a missing key stays null. */
export function mediaUrl(key: string): string;
export function mediaUrl(key: string | null | undefined): string | null;
export function mediaUrl(key: string | null | undefined): string | null {
  return key ? `/media/${key}` : null;
}
