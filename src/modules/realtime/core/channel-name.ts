export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted' | 'user';

/** The channel pusher-js subscribes to after `pusher:signin`; only that signed-in user may join it. */
export const SERVER_TO_USER_PREFIX = '#server-to-user-';

export const MAX_CHANNEL_NAME_LENGTH = 200;
export const MAX_EVENT_NAME_LENGTH = 200;

/** Classifies a channel by its Pusher prefix (the encrypted prefix must be tested before `private-`). */
export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('private-encrypted-')) return 'encrypted';
  if (channel.startsWith('private-')) return 'private';
  if (channel.startsWith('presence-')) return 'presence';
  if (channel.startsWith(SERVER_TO_USER_PREFIX)) return 'user';
  return 'public';
}

export function requiresAuth(channel: string): boolean {
  return channelKind(channel) !== 'public';
}

/** Pusher allows client events on private and presence channels only (not encrypted ones). */
export function acceptsClientEvents(channel: string): boolean {
  const kind = channelKind(channel);
  return kind === 'private' || kind === 'presence';
}

/**
 * Cache channels keep their last server event and replay it to each new subscriber:
 * `cache-`, `private-cache-`, `private-encrypted-cache-`, `presence-cache-`.
 */
export function isCacheChannel(channel: string): boolean {
  return /^(private-encrypted-|private-|presence-)?cache-/.test(channel);
}

const CHANNEL_CHARSET = /^[A-Za-z0-9_\-=@,.;]+$/;

/** Why a channel name is refused, or null when it is acceptable (Pusher's charset, at most 200 characters). */
export function channelNameProblem(channel: unknown): string | null {
  if (typeof channel !== 'string' || channel.length === 0) return 'A channel name is required';
  if (channel.length > MAX_CHANNEL_NAME_LENGTH)
    return `The channel name is longer than ${MAX_CHANNEL_NAME_LENGTH} characters`;
  const rest = channel.startsWith(SERVER_TO_USER_PREFIX) ? channel.slice(SERVER_TO_USER_PREFIX.length) : channel;
  if (!CHANNEL_CHARSET.test(rest)) return 'The channel name contains characters Pusher does not allow';
  return null;
}

export function isValidChannelName(channel: unknown): channel is string {
  return channelNameProblem(channel) === null;
}

/** Strips the Pusher prefix so an authorization pattern like `design.{id}` can be matched. */
export function stripChannelPrefix(channel: string): string {
  return channel.replace(/^(private-encrypted-|private-|presence-)/, '');
}
