import { heldNotice } from '../community';
import { allowOnly, deny } from '../policies';
import type { User } from '../users';
import type { JournalPostRow } from './journal.repository';

/**
 * Who may read and change a journal post. Its author and admins read it in any state; everyone else reads it once
 * it is published, visible after moderation and public, or "followers" and they follow the author. Only the author
 * edits, and comments open when the post is published. Services load the post (404 when absent) and call these.
 */

const UNREADABLE = {
  draft: 'This post is not published.',
  private: 'This post is private.',
  followers: 'Only followers of the author can read this post.',
};

type ReadRule = Pick<JournalPostRow, 'author_id' | 'status' | 'moderation' | 'visibility'>;

/** True when the viewer reads the post whatever its state (its author, an admin). */
export function readsAnyState(post: ReadRule, viewer: Pick<User, 'id' | 'role'> | undefined): boolean {
  return !!viewer && (viewer.id === post.author_id || viewer.role === 'admin');
}

/**
 * The read rule for everyone else, with the reason when they may not; `follows` is asked only for a followers-only
 * post (it costs a read).
 */
export async function requireReadable(post: ReadRule, follows: () => Promise<boolean>): Promise<void> {
  if (post.status !== 'published') deny(UNREADABLE.draft);
  if (post.moderation !== 'visible') deny(heldNotice('post', post.moderation));
  if (post.visibility === 'private') deny(UNREADABLE.private);
  if (post.visibility === 'followers') allowOnly(await follows(), UNREADABLE.followers);
}

export function requireAuthor(user: Pick<User, 'id'>, post: Pick<JournalPostRow, 'author_id'>, verb = 'change'): void {
  allowOnly(post.author_id === user.id, `Only the author can ${verb} this post.`);
}

export function requireOpenForComments(post: Pick<JournalPostRow, 'status'>): void {
  allowOnly(post.status === 'published', 'Comments open when the post is published.');
}
