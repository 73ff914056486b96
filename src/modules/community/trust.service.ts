import { Injectable } from '@nestjs/common';
import { Clock, DAY_MS } from '../../common/clock';
import { hasLinks } from '../../common/rich-text';
import type { ModerationState, TrustActivity, TrustLevel, TrustStanding } from '../../contracts/community';
import type { User } from '../users';
import { type ActivityDelta, CommunityRepository, type Subject } from './community.repository';
import { TRUST_GATES, TRUST_LEVELS, trustLevelOf, type TrustGate } from './trust-levels';
import { requireNotOwnPost, requireTrust } from './community.policy';

/** Trust levels from activity (visits, reads, likes) and the gates that depend on them. */
@Injectable()
export class TrustService {
  constructor(
    private readonly repo: CommunityRepository,
    private readonly clock: Clock,
  ) {}

  async activity(user: User): Promise<TrustActivity> {
    const row = await this.repo.activity(user.id);
    const accountDays = Math.floor((this.clock.nowMs() - user.createdAt.getTime()) / DAY_MS);
    return { account_days: Math.max(0, accountDays), ...row };
  }

  async level(user: User): Promise<TrustLevel> {
    return trustLevelOf(await this.activity(user), user.role === 'admin');
  }

  async standing(user: User): Promise<TrustStanding> {
    const activity = await this.activity(user);
    const level = trustLevelOf(activity, user.role === 'admin');
    const next = TRUST_LEVELS.find((row) => row.level === level + 1) ?? null;
    const can = Object.fromEntries(
      (Object.keys(TRUST_GATES) as TrustGate[]).map((gate) => [gate, level >= TRUST_GATES[gate]]),
    ) as TrustStanding['can'];
    return { level, name: TRUST_LEVELS[level].name, activity, next, can };
  }

  /** 403 with the reason when `user` has not reached the level `gate` needs. */
  async assertCan(user: User, gate: TrustGate): Promise<void> {
    requireTrust(await this.level(user), gate);
  }

  /** The state a new post starts in: a post with a link from an account below level 1 waits for review. */
  async initialState(author: User, html: string): Promise<ModerationState> {
    if (!hasLinks(html)) return 'visible';
    return (await this.level(author)) >= TRUST_GATES.post_links ? 'visible' : 'pending';
  }

  /** One visit per UTC day counts towards "days visited". */
  async recordVisit(user: User | undefined): Promise<void> {
    if (user) await this.repo.visit(user.id, this.clock.now().toISOString().slice(0, 10));
  }

  /** A post read for the first time by someone other than its author counts towards "posts read". */
  async recordRead(user: User | undefined, subject: Pick<Subject, 'kind' | 'id' | 'authorId'>): Promise<void> {
    if (!user || user.id === subject.authorId) return;
    if (await this.repo.read(user.id, subject.kind, subject.id))
      await this.repo.addActivity(user.id, { posts_read: 1 });
  }

  /** Likes count once per user and post; liking one's own post counts for nothing and is refused. */
  async like(user: User, subject: Pick<Subject, 'kind' | 'id' | 'authorId'>, liked: boolean) {
    requireNotOwnPost(user.id, subject.authorId, 'like');
    await this.repo.setLike(user.id, subject, liked);
    const counts = await this.repo.likeCounts(subject.kind, [subject.id], user.id);
    return { liked, likes_count: counts.get(subject.id)?.n ?? 0 };
  }

  likeCounts(kind: string, ids: string[], viewer: User | undefined) {
    return this.repo.likeCounts(kind, ids, viewer?.id ?? null);
  }

  /** Seeds and tests: add to a user's activity counters. */
  addActivity(userId: string, delta: ActivityDelta): Promise<void> {
    return this.repo.addActivity(userId, delta);
  }
}
