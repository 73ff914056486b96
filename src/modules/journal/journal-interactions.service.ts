import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { pageOf } from '../../common/pagination';
import { sanitizeRichText, isBlankRichText, richTextToPlain } from '../../common/rich-text';
import { ValidationFailedException } from '../../common/validation';
import type { FlagReason, FlagResult, LikeResult, ModerationState } from '../../contracts/community';
import type { JournalComment, JournalCommentPage } from '../../contracts/journal';
import { ModerationService, TrustService } from '../community';
import { NotificationsService } from '../notifications';
import { type User, UsersService } from '../users';
import { JOURNAL_COMMENT_KIND, JOURNAL_POST_KIND } from './journal.constants';
import { toCommentJson } from './journal.mapper';
import { JournalReadService } from './journal-read.service';
import { JournalRepository } from './journal.repository';
import { JournalService } from './journal.service';
import { requireOpenForComments } from './journal.policy';

/** Comments, likes and flags on posts people may read, and the moderation hooks for posts and comments. */
@Injectable()
export class JournalInteractionsService {
  private readonly logger = new Logger('Journal');

  constructor(
    private readonly repo: JournalRepository,
    private readonly read: JournalReadService,
    private readonly journal: JournalService,
    private readonly trust: TrustService,
    private readonly moderation: ModerationService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  async comments(postId: string, viewer: User | undefined, page: number, perPage: number): Promise<JournalCommentPage> {
    await this.read.readable(postId, viewer);
    const [rows, total] = await this.repo.comments(postId, viewer?.id ?? null, (page - 1) * perPage, perPage);
    const authors = new Map((await this.users.findByIds(rows.map((r) => r.author_id))).map((u) => [u.id, u]));
    return pageOf(
      rows.map((r) => toCommentJson(r, authors.get(r.author_id))),
      page,
      perPage,
      total,
    );
  }

  /** A comment from a new account with a link waits for review, like a post; the author hears of the others. */
  async comment(user: User, postId: string, bodyHtml: string): Promise<JournalComment> {
    const post = await this.read.readable(postId, user);
    requireOpenForComments(post);
    const html = sanitizeRichText(bodyHtml);
    if (isBlankRichText(html)) throw ValidationFailedException.of('body_html', 'Write a comment first.');
    const state = await this.trust.initialState(user, html);
    const row = await this.repo.addComment(post.id, user.id, html, state);
    const excerpt = richTextToPlain(html, 200);
    if (state === 'pending') {
      await this.moderation.queueForReview({
        kind: JOURNAL_COMMENT_KIND,
        id: row.id,
        authorId: user.id,
        excerpt,
        url: `/journal/${post.id}`,
      });
    } else if (post.author_id !== user.id) {
      await this.notifications
        .notify(post.author_id, {
          kind: 'journal_post',
          title: `${user.name} commented on “${post.title}”`,
          body: excerpt,
          url: `/journal/${post.id}`,
          data: { post_id: post.id, comment_id: row.id },
        })
        .catch((error: Error) => this.logger.warn(`comment notice failed: ${error.message}`));
    }
    return toCommentJson(row, user);
  }

  async like(user: User, postId: string, liked: boolean): Promise<LikeResult> {
    const post = await this.read.readable(postId, user);
    return this.trust.like(user, this.read.subject(post), liked);
  }

  async flagPost(user: User, postId: string, reason: FlagReason): Promise<FlagResult> {
    const post = await this.read.readable(postId, user);
    return this.moderation.flag(user, this.read.subject(post), reason);
  }

  async flagComment(user: User, commentId: string, reason: FlagReason): Promise<FlagResult> {
    const comment = await this.repo.findComment(commentId);
    if (!comment) throw new NotFoundException('There is no comment with that id.');
    await this.read.readable(comment.post_id, user);
    const excerpt = richTextToPlain(comment.body_html, 200);
    return this.moderation.flag(
      user,
      {
        kind: JOURNAL_COMMENT_KIND,
        id: comment.id,
        authorId: comment.author_id,
        excerpt,
        url: `/journal/${comment.post_id}`,
      },
      reason,
    );
  }

  /** Registers journal posts and comments with community moderation (the post's author moderates its comments). */
  registerModeration(): void {
    this.moderation.register(JOURNAL_POST_KIND, {
      canModerate: async () => false,
      setState: async (id: string, state: ModerationState) => {
        const post = await this.repo.find(id);
        if (!post) return;
        const saved = await this.repo.update(id, { moderation: state }, post.updated_at);
        await this.journal.announce(saved);
      },
    });
    this.moderation.register(JOURNAL_COMMENT_KIND, {
      canModerate: async (user: User, id: string) => {
        const comment = await this.repo.findComment(id);
        const post = comment ? await this.repo.find(comment.post_id) : null;
        return !!post && post.author_id === user.id;
      },
      setState: (id: string, state: ModerationState) => this.repo.setCommentState(id, state),
    });
  }
}
