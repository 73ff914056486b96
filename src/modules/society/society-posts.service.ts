import { Injectable, NotFoundException } from '@nestjs/common';
import { decodeCursor, keysetPageOf } from '../../common/keyset';
import { pageOf } from '../../common/pagination';
import { isBlankRichText, sanitizeRichText } from '../../common/rich-text';
import { ValidationFailedException } from '../../common/validation';
import type { FlagReason, FlagResult, ModerationState } from '../../contracts/community';
import type { SocietyComment, SocietyCommentPage, SocietyFeed, SocietyPost } from '../../contracts/society';
import { requireMaySee, type ModeratedSubject, ModerationService, TrustService, writtenSubject } from '../community';
import type { User } from '../users';
import { toCommentJson, toPostJson } from './society.mapper';
import { type PostRow, SocietyRepository } from './society.repository';
import { SocietyService } from './society.service';

export const SOCIETY_POST_KIND = 'society_post';
export const SOCIETY_FEED_SIZE = 20;

/** Posts and comments in a society: members write, readers of the society read, moderators decide on flags. */
@Injectable()
export class SocietyPostsService {
  constructor(
    private readonly repo: SocietyRepository,
    private readonly societies: SocietyService,
    private readonly trust: TrustService,
    private readonly moderation: ModerationService,
  ) {}

  async feed(societyId: string, viewer: User | undefined, cursor: string | undefined): Promise<SocietyFeed> {
    await this.societies.readable(societyId, viewer);
    const rows = await this.repo.feed(societyId, decodeCursor(cursor), SOCIETY_FEED_SIZE + 1);
    return keysetPageOf(rows, SOCIETY_FEED_SIZE, (page) => this.withAuthors(page));
  }

  async post(user: User, societyId: string, bodyHtml: string): Promise<SocietyPost> {
    await this.societies.member(societyId, user);
    const html = this.clean(bodyHtml);
    const state = await this.trust.initialState(user, html);
    const row = await this.repo.addPost(societyId, user.id, html, state);
    if (state === 'pending') await this.moderation.queueForReview(this.subject(row));
    return toPostJson(row, user);
  }

  async comments(postId: string, viewer: User | undefined, page: number, perPage: number): Promise<SocietyCommentPage> {
    await this.readablePost(postId, viewer);
    const [rows, total] = await this.repo.comments(postId, (page - 1) * perPage, perPage);
    const users = await this.societies.usersById(rows.map((r) => r.author_id));
    return pageOf(
      rows.map((r) => toCommentJson(r, users.get(r.author_id))),
      page,
      perPage,
      total,
    );
  }

  /** A post the user can read, in a society they are a member of. */
  async commentable(user: User, postId: string) {
    const post = await this.readablePost(postId, user);
    await this.societies.member(post.society_id, user);
    return post;
  }

  async comment(user: User, postId: string, bodyHtml: string): Promise<SocietyComment> {
    const post = await this.commentable(user, postId);
    const html = this.clean(bodyHtml);
    if ((await this.trust.initialState(user, html)) === 'pending')
      throw ValidationFailedException.of('body_html', 'New accounts cannot put links in comments yet.');
    return toCommentJson(await this.repo.addComment(post.id, user.id, html), user);
  }

  async flag(user: User, postId: string, reason: FlagReason): Promise<FlagResult> {
    const post = await this.readablePost(postId, user);
    return this.moderation.flag(user, this.subject(post), reason);
  }

  /** A post readers of its society may see (its author and the society's moderators also see held ones). */
  private async readablePost(postId: string, viewer: User | undefined): Promise<PostRow> {
    const post = await this.repo.findPost(postId);
    if (!post) throw new NotFoundException('There is no post with that id.');
    const a = await this.societies.readable(post.society_id, viewer);
    const privileged =
      !!viewer &&
      (viewer.id === post.author_id || a.role === 'owner' || a.role === 'moderator' || viewer.role === 'admin');
    requireMaySee(post.moderation, privileged, 'post');
    await this.trust.recordRead(viewer, this.subject(post));
    return post;
  }

  private clean(bodyHtml: string): string {
    const html = sanitizeRichText(bodyHtml);
    if (isBlankRichText(html)) throw ValidationFailedException.of('body_html', 'Write something first.');
    return html;
  }

  private async withAuthors(rows: PostRow[]): Promise<SocietyPost[]> {
    const users = await this.societies.usersById(rows.map((r) => r.author_id));
    return rows.map((r) => toPostJson(r, users.get(r.author_id)));
  }

  subject(post: PostRow): ModeratedSubject {
    return writtenSubject(SOCIETY_POST_KIND, post, `/societies/${post.society_id}`);
  }

  /** Society posts go to community moderation; the society's owner and moderators decide on them. */
  registerModeration(): void {
    this.moderation.register(SOCIETY_POST_KIND, {
      canModerate: async (user: User, id: string) => {
        const post = await this.repo.findPost(id);
        if (!post) return false;
        const { role } = await this.repo.membership(post.society_id, user.id);
        return role === 'owner' || role === 'moderator';
      },
      setState: (id: string, state: ModerationState) => this.repo.setPostState(id, state),
    });
  }
}
