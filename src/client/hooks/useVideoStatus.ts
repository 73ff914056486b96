import { useChannel } from '@/echo';
import type { VideoStatusEvent } from '@contracts/video';

/** Live video status changes (uploading → processing → ready | errored) on the owner's private channel. */
export function useVideoStatus(userId: string | null | undefined, onEvent: (event: VideoStatusEvent) => void): void {
  useChannel(userId ? `App.Models.User.${userId}` : null, 'private', { '.video.status': onEvent });
}
