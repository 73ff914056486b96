import { ValidationFailedException } from '../../common/validation';
import { DEFAULT_NOTIFICATION_PREFERENCES, NotificationPreferences } from '../users';

export const NOTIFICATION_KINDS: Array<{ key: string; label: string; description: string }> = [
  { key: 'chat_request', label: 'Chat requests', description: 'Someone wants to start a conversation with you.' },
  { key: 'new_follower', label: 'New followers', description: 'Someone started following you.' },
  { key: 'design_ready', label: 'Designs ready', description: 'An AI room design you asked for is finished.' },
  { key: 'video_ready', label: 'Videos ready', description: 'A walkthrough or spot video finished processing.' },
  { key: 'open_house_rsvp', label: 'Open house RSVPs', description: 'Someone registered for one of your open houses.' },
  { key: 'product_news', label: 'Product news', description: 'Occasional news about new features.' },
];

const KEYS = new Set(NOTIFICATION_KINDS.map((kind) => kind.key));

/** Saved preferences over the defaults, so a kind added later has a value. */
export function effectivePreferences(
  saved: Partial<NotificationPreferences> | null | undefined,
): NotificationPreferences {
  return {
    email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, ...(saved?.email ?? {}) },
    push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, ...(saved?.push ?? {}) },
  };
}

/** Known kinds with boolean values only; anything else is a 422. */
export function parsePreferences(input: {
  email: Record<string, unknown>;
  push: Record<string, unknown>;
}): NotificationPreferences {
  const result: NotificationPreferences = { email: {}, push: {} };
  for (const channel of ['email', 'push'] as const) {
    for (const [key, value] of Object.entries(input[channel])) {
      if (!KEYS.has(key))
        throw ValidationFailedException.of(`${channel}.${key}`, `Unknown notification kind "${key}".`);
      if (typeof value !== 'boolean')
        throw ValidationFailedException.of(`${channel}.${key}`, 'Each preference must be on or off.');
      result[channel][key] = value;
    }
  }
  return result;
}
