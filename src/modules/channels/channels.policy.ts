import { allowOnly } from '../policies';
import type { User } from '../users';
import type { ChannelRow, Membership } from './channels.repository';

/**
 * Who may do what in a channel. Members read it; in a "members" channel they write, in a broadcast channel only its
 * owner does; a message is deleted by its author, the channel's owner or an admin; only members leave.
 */

/** Whether a member with `role` may write to a channel whose posting rule is `posting`. */
export function mayPost(channel: Pick<ChannelRow, 'posting'>, role: Membership['role']): boolean {
  return role === 'owner' || (role === 'member' && channel.posting === 'members');
}

export function requireWriter(channel: Pick<ChannelRow, 'posting'>, role: Membership['role']): void {
  allowOnly(mayPost(channel, role), 'Only the owner writes in this channel.');
}

export function requireMessageRemover(
  user: Pick<User, 'id' | 'role'>,
  message: { author_id: string | null },
  role: Membership['role'],
): void {
  allowOnly(
    message.author_id === user.id || role === 'owner' || user.role === 'admin',
    'Only its author or the channel owner can delete this message.',
  );
}

export function requireMember(role: Membership['role']): asserts role is NonNullable<Membership['role']> {
  allowOnly(!!role, 'You are not a member of this channel.');
}
