import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { isBlankRichText, sanitizeRichText } from '../../common/rich-text';
import type { ProviderReview, ProviderReviewPage, ReviewStanding } from '../../contracts/directory';
import { ChatsQueryService } from '../chats';
import { type User, UsersService } from '../users';
import { DirectoryReviewsRepository } from './directory-reviews.repository';
import { DirectoryRepository, type ProviderRow } from './directory.repository';
import { toReviewJson } from './directory.mapper';
import { requireMayReview, reviewRefusal } from './directory.policy';

/**
 * Reviews of service providers: 1-5 stars and sanitised text, one per reviewer per provider (saving again edits
 * it), only from someone who has written to the provider in a Reelty chat; never of one's own profile. The
 * provider's count and rating sum move with each write, so the average needs no aggregate on read.
 */
@Injectable()
export class DirectoryReviewsService {
  constructor(
    private readonly repo: DirectoryReviewsRepository,
    private readonly providers: DirectoryRepository,
    private readonly chats: ChatsQueryService,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  async page(providerId: string, page: number, perPage: number): Promise<ProviderReviewPage> {
    await this.provider(providerId);
    const [rows, total] = await this.repo.page(providerId, (page - 1) * perPage, perPage);
    const people = new Map((await this.users.findByIds(rows.map((r) => r.reviewer_id))).map((u) => [u.id, u]));
    return pageOf(
      rows.map((r) => toReviewJson(r, people.get(r.reviewer_id))),
      page,
      perPage,
      total,
    );
  }

  /** Whether the viewer may review the provider, and their review. */
  async standing(providerId: string, viewer: User | undefined): Promise<ReviewStanding> {
    const provider = await this.provider(providerId);
    if (!viewer) return { can_review: false, reason: 'Sign in to review.', mine: null };
    const reason = await this.refusal(provider, viewer);
    const mine = await this.repo.find(providerId, viewer.id);
    return { can_review: !reason, reason, mine: mine ? toReviewJson(mine, viewer) : null };
  }

  async save(user: User, providerId: string, rating: number, bodyHtml: string | undefined): Promise<ProviderReview> {
    const provider = await this.provider(providerId);
    const reason = await this.refusal(provider, user);
    requireMayReview(reason);
    const html = sanitizeRichText(bodyHtml ?? '');
    const row = await this.repo.save(providerId, user.id, rating, isBlankRichText(html) ? '' : html, this.clock.now());
    return toReviewJson(row, user);
  }

  async remove(user: User, providerId: string): Promise<void> {
    await this.provider(providerId);
    if (!(await this.repo.remove(providerId, user.id))) throw new NotFoundException('You have not reviewed them.');
  }

  private async refusal(provider: ProviderRow, user: User): Promise<string | null> {
    return reviewRefusal(user, provider.user_id, () => this.chats.hasMessaged(user.id, provider.user_id));
  }

  private async provider(id: string): Promise<ProviderRow> {
    const row = await this.providers.provider(id);
    if (!row) throw new NotFoundException('There is no service provider with that id.');
    return row;
  }
}
