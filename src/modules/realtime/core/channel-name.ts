export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted';

/** Classifies a channel by its Pusher prefix (the encrypted prefix must be tested before `private-`). */
export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('private-encrypted-')) return 'encrypted';
  if (channel.startsWith('private-')) return 'private';
  if (channel.startsWith('presence-')) return 'presence';
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

/** Pusher's channel-name charset, at most 200 characters. */
export function isValidChannelName(channel: unknown): channel is string {
  return (
    typeof channel === 'string' && channel.length > 0 && channel.length <= 200 && /^[A-Za-z0-9_\-=@,.;]+$/.test(channel)
  );
}

/** Strips the Pusher prefix so an authorization pattern like `design.{id}` can be matched. */
export function stripChannelPrefix(channel: string): string {
  return channel.replace(/^(private-encrypted-|private-|presence-)/, '');
}
