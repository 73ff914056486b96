import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type { FlagReason, FlagResult, ModerationState, ReviewPage } from '../../contracts/community';
import { NotificationsService } from '../notifications';
import { type User, UsersService } from '../users';
import { CommunityRepository, type ReviewRow, type Subject } from './community.repository';
import { toReviewJson } from './community.mapper';
import { FLAG_HIDE_THRESHOLD } from './trust-levels';
import { requireModerator, requireNotOwnPost } from './community.policy';

/** How an area lets community moderation act on its posts (registered in the area's onModuleInit). */
export interface ModeratedKind {
  /** Who may decide besides admins (a society's owner and moderators). */
  canModerate(user: User, subjectId: string): Promise<boolean>;
  /** Applies a decision to the post: visible after approval, hidden past the flag threshold, removed on rejection. */
  setState(subjectId: string, state: ModerationState): Promise<void>;
}

/**
 * Flags and the review queue. A post flagged by FLAG_HIDE_THRESHOLD distinct users is hidden and queued; a new
 * account's post with a link is queued as it is written. Approving shows it (and clears its flags), rejecting
 * removes it. Admins decide everything; an area may let its own moderators decide its posts.
 */
@Injectable()
export class ModerationService {
  private readonly kinds = new Map<string, ModeratedKind>();
  private readonly logger = new Logger('Moderation');

  constructor(
    private readonly repo: CommunityRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  register(kind: string, handler: ModeratedKind): void {
    this.kinds.set(kind, handler);
  }

  /** Queues a post that waits for review before anyone else sees it. */
  async queueForReview(subject: Subject): Promise<void> {
    await this.repo.openReview(subject, 'link');
  }

  async flag(user: User, subject: Subject, reason: FlagReason): Promise<FlagResult> {
    requireNotOwnPost(user.id, subject.authorId, 'flag');
    const count = await this.repo.flag(user.id, subject.kind, subject.id, reason);
    if (count < FLAG_HIDE_THRESHOLD) return { flagged: true, hidden: false };
    const review = await this.repo.openReview(subject, 'flags');
    if (review.created) await this.handler(subject.kind).setState(subject.id, 'hidden');
    return { flagged: true, hidden: true };
  }

  async list(status: ReviewRow['status'], page: number, perPage: number): Promise<ReviewPage> {
    const [rows, total] = await this.repo.reviews(status, (page - 1) * perPage, perPage);
    const authors = new Map((await this.users.findByIds(rows.map((r) => r.author_id))).map((u) => [u.id, u]));
    return pageOf(
      rows.map((r) => toReviewJson(r, authors.get(r.author_id))),
      page,
      perPage,
      total,
    );
  }

  async canModerate(user: User | undefined, kind: string, subjectId: string): Promise<boolean> {
    if (!user) return false;
    return user.role === 'admin' || (await this.handler(kind).canModerate(user, subjectId));
  }

  async decide(user: User, reviewId: string, decision: 'approved' | 'rejected') {
    const review = await this.repo.review(reviewId);
    if (!review) throw new NotFoundException('There is no such review.');
    requireModerator(await this.canModerate(user, review.subject_kind, review.subject_id));
    if (await this.repo.decide(review.id, decision, user.id, this.clock.now())) {
      await this.handler(review.subject_kind).setState(
        review.subject_id,
        decision === 'approved' ? 'visible' : 'removed',
      );
      await this.notifications
        .notify(review.author_id, {
          kind: 'community',
          title: decision === 'approved' ? 'Your post was approved' : 'Your post was removed by a moderator',
          body: review.excerpt.slice(0, 200),
          url: review.url ?? undefined,
          data: { review_id: review.id },
        })
        .catch((error: Error) => this.logger.warn(`review notice failed: ${error.message}`));
    }
    const fresh = (await this.repo.review(review.id))!;
    return toReviewJson(fresh, (await this.users.findByIds([fresh.author_id]))[0]);
  }

  private handler(kind: string): ModeratedKind {
    const handler = this.kinds.get(kind);
    if (!handler) throw new Error(`No moderation handler for "${kind}"`);
    return handler;
  }
}
