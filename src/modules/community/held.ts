import { richTextToPlain } from '../../common/rich-text';
import type { ModerationState } from '../../contracts/community';
import type { Subject } from './community.repository';

/** What a reader is told of an item moderation holds back, by its state: heldNotice('post', 'pending'). */
export function heldNotice(what: string, state: Exclude<ModerationState, 'visible'>): string {
  if (state === 'pending') return `This ${what} is waiting for a moderator.`;
  if (state === 'hidden') return `This ${what} is hidden until a moderator has looked at it.`;
  return `This ${what} was removed by a moderator.`;
}

/** Rich text someone wrote (a post, a message) as the review queue and flags see it: 200 characters of plain text. */
export function writtenSubject(
  kind: string,
  row: { id: string; author_id: string; body_html: string },
  url: string,
): Subject {
  return { kind, id: row.id, authorId: row.author_id, excerpt: richTextToPlain(row.body_html, 200), url };
}
