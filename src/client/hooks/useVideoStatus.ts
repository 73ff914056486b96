import { useChannel } from '@/echo';
import type { VideoStatusEvent } from '@contracts/video';

/**
 * Live video status changes (uploading → processing → ready | errored) on the owner's private channel; `reload`
 * (the video as the server has it now) runs after every (re)subscription, so a transcode that finished while the
 * socket was away still shows.
 */
export function useVideoStatus(
  userId: string | null | undefined,
  onEvent: (event: VideoStatusEvent) => void,
  reload?: () => void,
): void {
  useChannel(userId ? `App.Models.User.${userId}` : null, 'private', { '.video.status': onEvent }, reload);
}
