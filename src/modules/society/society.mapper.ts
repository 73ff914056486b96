import type { Society, SocietyComment, SocietyMember, SocietyPost, SocietyRole } from '../../contracts/society';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { CommentRow, MemberRow, PostRow, SocietyRow } from './society.repository';
import { iso } from '../../common/iso';

export function toSocietyJson(row: SocietyRow, me: { role: SocietyRole | null; invited: boolean }): Society {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    members_count: row.members_count,
    posts_count: row.posts_count,
    created_at: iso(row.created_at),
    my_role: me.role,
    invited: me.invited,
  };
}

export function toMemberJson(row: MemberRow, user: User | undefined): SocietyMember {
  return { user: toAuthorJson(user, row.user_id), role: row.role, joined_at: iso(row.created_at) };
}

export function toPostJson(row: PostRow, author: User | undefined): SocietyPost {
  return {
    id: row.id,
    society_id: row.society_id,
    body_html: row.body_html,
    moderation: row.moderation,
    comments_count: row.comments_count,
    author: toAuthorJson(author, row.author_id),
    created_at: iso(row.created_at),
  };
}

export function toCommentJson(row: CommentRow, author: User | undefined): SocietyComment {
  return {
    id: row.id,
    post_id: row.post_id,
    body_html: row.body_html,
    author: toAuthorJson(author, row.author_id),
    created_at: iso(row.created_at),
  };
}
