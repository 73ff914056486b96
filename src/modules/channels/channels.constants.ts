/** Channel area constants: moderation kind, the fan-out job, history page size and the live channel and events. */
export const CHANNEL_MESSAGE_KIND = 'channel_message';
export const NOTIFY_JOB = 'channels.notify-members';
export const NOTIFY_BATCH = 500;
export const CHANNEL_HISTORY_SIZE = 30;

/** Full name of a channel's live feed; its authorization rule is registered as 'community-channel.{id}'. */
export const liveChannel = (id: string) => `private-community-channel.${id}`;
export const LIVE_PATTERN = 'community-channel.{id}';
export const CHANNEL_EVENTS = { message: 'channel.message', removed: 'channel.message.removed' } as const;

/** How channels read in the shared membership rules: private ones are closed. */
export const CHANNEL_GROUP = {
  noun: 'channel',
  closed: 'private',
  closedMessage: 'This channel is private.',
  joinClosedMessage: 'This channel is private: ask its owner for an invitation.',
} as const;

/** Rate limits: [count, window in seconds] per user. */
export const CHANNEL_LIMITS = {
  create: [5, 86_400],
  message: [20, 60],
  invite: [50, 3600],
  search: [120, 3600],
  flag: [30, 3600],
} as const;
