import type { ChannelKind } from './core';
import { allowOnly, deny } from '../policies';
import type { User } from '../users';

/**
 * Who may listen where. Each private or presence channel has one rule, registered by its area in the channel
 * registry (the rule names who may listen: the chat's participants, the design's owner, admins); this file holds the
 * refusals around it: a guest signs nothing, public channels need no signature, an encrypted channel needs the
 * configured master key, and a channel no area claimed is refused.
 */

export function requireListener(
  user: User | null,
  reason = 'Sign in to listen on this channel.',
): asserts user is User {
  allowOnly(user !== null, reason);
}

export function requireSignableKind(kind: ChannelKind, hasMasterKey: boolean): void {
  if (kind === 'public') deny('Public channels need no authorization.');
  // A key derived from the broadcast secret would only pretend to be end-to-end: refuse instead.
  if (kind === 'encrypted' && !hasMasterKey)
    deny(
      'Encrypted channels are not available: no encryption master key is configured (BROADCAST_ENCRYPTION_MASTER_KEY).',
    );
}

export function requireRuleFor<T>(match: T | null | undefined, channelName: string): asserts match is T {
  allowOnly(!!match, `No authorization rule for channel ${channelName}.`);
}

export function requireVerdict<T>(verdict: T): asserts verdict is NonNullable<T> {
  allowOnly(!!verdict, 'You are not allowed to listen on this channel.');
}
