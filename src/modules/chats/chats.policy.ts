import { NotFoundException } from '@nestjs/common';
import { allowOnly, deny } from '../policies';

/**
 * Who may do what in a chat. Only its participants who have not left read it, send to it and answer its request;
 * a stranger learns that the chat exists (403) only when it does, else 404. A participant still holding an
 * unanswered request, or who blocked the chat, sends nothing, and nobody sends into a chat everyone else has left.
 * The send statement re-checks all of this atomically; these give the reason when it refused.
 */

const NOT_PARTICIPANT = 'You are not a participant in this chat.';

/** The answer to someone who is not (or no longer) in the chat. */
export function refuseOutsider(chatExists: boolean): never {
  if (!chatExists) throw new NotFoundException('Chat not found.');
  deny(NOT_PARTICIPANT);
}

/** A participant who has not left. */
export function requireActive(membership: { user_id: string | null; left_at: Date | null }): void {
  allowOnly(!!membership.user_id && membership.left_at === null, NOT_PARTICIPANT);
}

/** Why an active participant's message was refused. */
export function refuseSend(mine: { is_request: boolean; is_blocked: boolean }): never {
  if (mine.is_request) deny('Accept this chat request before replying.');
  if (mine.is_blocked) deny('Unblock this chat to send messages.');
  deny('Nobody else is in this chat any more.');
}

/** A request is answered by the people it was sent to, not by who sent it. */
export function requireRequestRecipient(mine: { created_by_user_id: string | null }, userId: string): void {
  allowOnly(mine.created_by_user_id !== userId, 'You cannot respond to a chat request you started.');
}
