import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { decodeCursor, keysetPageOf } from '../../common/keyset';
import { pageOf } from '../../common/pagination';
import { Clock } from '../../common/clock';
import type { JournalFeed, JournalPost, JournalPostSummary, JournalVisibility } from '../../contracts/journal';
import { type ModeratedSubject, ModerationService, TrustService } from '../community';
import { NotificationsService } from '../notifications';
import { PeopleService } from '../people';
import { type User, UsersService } from '../users';
import { FEED_PAGE_SIZE, JOURNAL_POST_KIND, NOTIFY_BATCH } from './journal.constants';
import { JournalEmbedsService } from './journal-embeds.service';
import { toPostJson, toSummaryJson } from './journal.mapper';
import { JournalRepository, type JournalPostRow } from './journal.repository';
import { readsAnyState, requireReadable } from './journal.policy';

/** Reading: who may read a post, the post page, the feeds (public, per author, the author's own) and fan-out. */
@Injectable()
export class JournalReadService {
  private readonly logger = new Logger('Journal');

  constructor(
    private readonly repo: JournalRepository,
    private readonly embeds: JournalEmbedsService,
    private readonly users: UsersService,
    private readonly people: PeopleService,
    private readonly trust: TrustService,
    private readonly moderation: ModerationService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async load(id: string): Promise<JournalPostRow> {
    const post = await this.repo.find(id);
    if (!post) throw new NotFoundException('There is no journal post with that id.');
    return post;
  }

  /** 403 with the reason when `viewer` may not read the post: drafts, private and moderated posts stay private. */
  async assertReadable(post: JournalPostRow, viewer: User | undefined): Promise<void> {
    if (readsAnyState(post, viewer)) return;
    await requireReadable(post, async () => !!viewer && (await this.people.isFollowing(viewer.id, post.author_id)));
  }

  async readable(id: string, viewer: User | undefined): Promise<JournalPostRow> {
    const post = await this.load(id);
    await this.assertReadable(post, viewer);
    return post;
  }

  /** The post page: counts a read towards the viewer's trust. */
  async show(id: string, viewer: User | undefined): Promise<JournalPost> {
    const post = await this.readable(id, viewer);
    await this.trust.recordRead(viewer, this.subject(post));
    return this.toJson(post, viewer);
  }

  async toJson(post: JournalPostRow, viewer: User | undefined): Promise<JournalPost> {
    const [author, likes, embeds] = await Promise.all([
      this.author(post.author_id),
      this.trust.likeCounts(JOURNAL_POST_KIND, [post.id], viewer),
      this.embeds.resolve(post.embeds, viewer),
    ]);
    const like = likes.get(post.id);
    return toPostJson(post, author ?? undefined, {
      likes: like?.n ?? 0,
      liked: like?.mine ?? false,
      embeds,
      canEdit: viewer?.id === post.author_id,
      canModerate: viewer?.role === 'admin',
    });
  }

  /** Public posts of everyone, or one author's posts the viewer may read; newest first, keyset paged. */
  async feed(viewer: User | undefined, cursor: string | undefined, authorId?: string): Promise<JournalFeed> {
    let visibilities: JournalVisibility[] = ['public'];
    if (authorId && viewer) {
      if (viewer.id === authorId) visibilities = ['public', 'followers', 'private'];
      else if (await this.people.isFollowing(viewer.id, authorId)) visibilities = ['public', 'followers'];
    }
    const rows = await this.repo.feed({ authorId, visibilities }, decodeCursor(cursor), FEED_PAGE_SIZE + 1);
    return keysetPageOf(rows, FEED_PAGE_SIZE, (page) => this.summaries(page, viewer));
  }

  /** The author's own posts in every state (drafts and scheduled ones included). */
  async mine(user: User, page: number, perPage: number) {
    const [rows, total] = await this.repo.byAuthor(user.id, (page - 1) * perPage, perPage);
    return pageOf(await this.summaries(rows, user), page, perPage, total);
  }

  async summaries(rows: JournalPostRow[], viewer: User | undefined): Promise<JournalPostSummary[]> {
    const [authors, likes] = await Promise.all([
      this.users.findByIds([...new Set(rows.map((r) => r.author_id))]),
      this.trust.likeCounts(
        JOURNAL_POST_KIND,
        rows.map((r) => r.id),
        viewer,
      ),
    ]);
    const byId = new Map(authors.map((u) => [u.id, u]));
    return rows.map((r) => toSummaryJson(r, byId.get(r.author_id), likes.get(r.id)?.n ?? 0));
  }

  async author(id: string): Promise<User | null> {
    return (await this.users.findByIds([id]))[0] ?? null;
  }

  async authorByHandle(handle: string): Promise<User> {
    const user = handle.length <= 30 ? await this.users.findByHandle(handle.replace(/^@/, '')) : null;
    if (!user) throw new NotFoundException('There is no author with that handle.');
    return user;
  }

  subject(post: JournalPostRow): ModeratedSubject {
    return {
      kind: JOURNAL_POST_KIND,
      id: post.id,
      authorId: post.author_id,
      excerpt: `${post.title}: ${post.excerpt}`,
      url: `/journal/${post.id}`,
    };
  }

  /** The fan-out job: tells each follower once (the post's one-time mark makes a retried job a no-op). */
  async notifyFollowers({ postId }: { postId: string }): Promise<void> {
    const post = await this.repo.find(postId);
    if (!post || post.visibility === 'private' || !(await this.repo.claimNotice(postId, this.clock.now()))) return;
    const author = await this.author(post.author_id);
    const who = author?.handle ? `@${author.handle}` : (author?.name ?? 'Someone you follow');
    for (let after: string | null = null; ;) {
      const ids = await this.people.followerIdsAfter(post.author_id, after, NOTIFY_BATCH);
      for (const id of ids) {
        await this.notifications
          .notify(id, {
            kind: 'journal_post',
            title: `${who} published “${post.title}”`,
            body: post.excerpt,
            url: `/journal/${post.id}`,
            data: { post_id: post.id },
          })
          .catch((error: Error) => this.logger.warn(`journal notice to ${id} failed: ${error.message}`));
      }
      if (ids.length < NOTIFY_BATCH) break;
      after = ids[ids.length - 1];
    }
  }
}
