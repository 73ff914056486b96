import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { isBlankRichText, richTextToPlain, sanitizeRichText } from '../../common/rich-text';
import { ValidationFailedException } from '../../common/validation';
import type { JournalPost } from '../../contracts/journal';
import { ModerationService, TrustService } from '../community';
import { JobsService, TimersService } from '../jobs';
import { StorageService } from '../storage';
import type { User } from '../users';
import type { CreateJournalPostDto, JournalPostDto, PublishDto } from './dto/journal.dto';
import { JournalEmbedsService } from './journal-embeds.service';
import { JournalReadService } from './journal-read.service';
import { JournalRepository, type JournalPostRow, type PostValues } from './journal.repository';
import { IMAGE_RULES, NOTIFY_JOB, PUBLISH_TIMER } from './journal.constants';
import { requireAuthor } from './journal.policy';

/** Writing: drafts, edits, publishing now or at a time, images, deleting. Posts start private drafts. */
@Injectable()
export class JournalService {
  constructor(
    private readonly repo: JournalRepository,
    private readonly read: JournalReadService,
    private readonly embeds: JournalEmbedsService,
    private readonly trust: TrustService,
    private readonly moderation: ModerationService,
    private readonly timers: TimersService,
    private readonly jobs: JobsService,
    private readonly storage: StorageService,
    private readonly clock: Clock,
  ) {}

  async create(author: User, dto: CreateJournalPostDto): Promise<JournalPost> {
    const row = await this.repo.create(author.id, await this.values(author, dto));
    return this.read.toJson(row, author);
  }

  async update(user: User, id: string, dto: JournalPostDto): Promise<JournalPost> {
    const post = await this.editable(user, id);
    const values = await this.values(user, dto);
    if (post.status === 'published' && values.body_html !== undefined && post.moderation === 'visible') {
      // An edit that adds a link to a new account's published post sends it back to review.
      if ((await this.trust.initialState(user, values.body_html)) === 'pending') values.moderation = 'pending';
    }
    const saved = await this.repo.update(id, values, this.clock.now());
    if (values.moderation === 'pending') await this.moderation.queueForReview(this.read.subject(saved));
    else if (saved.status === 'published') await this.announce(saved);
    return this.read.toJson(saved, user);
  }

  /** Publishes now, or schedules when `publish_at` is in the future (a timer publishes it then). */
  async publish(user: User, id: string, dto: PublishDto): Promise<JournalPost> {
    const post = await this.editable(user, id);
    if (post.status === 'published')
      throw ValidationFailedException.of('publish_at', 'This post is already published.');
    if (isBlankRichText(post.body_html))
      throw ValidationFailedException.of('body_html', 'Write something before publishing.');
    const at = dto.publish_at ? new Date(dto.publish_at) : null;
    if (at && at.getTime() > this.clock.nowMs()) {
      const saved = await this.repo.update(id, { status: 'scheduled', publish_at: at }, this.clock.now());
      await this.timers.at(at, PUBLISH_TIMER, { postId: id }, id);
      return this.read.toJson(saved, user);
    }
    return this.read.toJson(await this.publishNow(post, user), user);
  }

  /** Back to a draft (a scheduled post is unscheduled; its timer then finds nothing to do). */
  async unpublish(user: User, id: string): Promise<JournalPost> {
    await this.editable(user, id);
    const saved = await this.repo.update(id, { status: 'draft', publish_at: null }, this.clock.now());
    return this.read.toJson(saved, user);
  }

  async remove(user: User, id: string): Promise<void> {
    await this.editable(user, id);
    await this.repo.delete(id);
  }

  async uploadImage(user: User, bytes: Buffer | undefined): Promise<{ url: string; width: number; height: number }> {
    if (!bytes?.length) throw ValidationFailedException.of('image', 'Choose an image to upload.');
    const stored = await this.storage.storeImage(`journal/${user.id}`, bytes, IMAGE_RULES, []);
    return { url: stored.url, width: stored.width, height: stored.height };
  }

  /** The scheduled-publish timer: publishes only a post still scheduled for now or earlier. */
  async onPublishTimer({ postId }: { postId: string }): Promise<void> {
    const post = await this.repo.find(postId);
    if (!post || post.status !== 'scheduled' || !post.publish_at) return;
    if (new Date(post.publish_at).getTime() > this.clock.nowMs()) return;
    await this.publishNow(post, null);
  }

  private async publishNow(post: JournalPostRow, author: User | null): Promise<JournalPostRow> {
    const writer = author ?? (await this.read.author(post.author_id));
    const state =
      post.moderation === 'visible' && writer ? await this.trust.initialState(writer, post.body_html) : post.moderation;
    const now = this.clock.now();
    const saved = await this.repo.update(
      post.id,
      { status: 'published', published_at: now, publish_at: null, moderation: state },
      now,
    );
    if (state === 'pending') await this.moderation.queueForReview(this.read.subject(saved));
    else await this.announce(saved);
    return saved;
  }

  /** Tells followers once, when a published, visible post is not private (the job claims the one-time mark). */
  async announce(post: JournalPostRow): Promise<void> {
    if (
      post.status !== 'published' ||
      post.moderation !== 'visible' ||
      post.visibility === 'private' ||
      post.notified_at
    )
      return;
    await this.jobs.dispatch('fanout', NOTIFY_JOB, { postId: post.id }, { jobId: `${NOTIFY_JOB}:${post.id}` });
  }

  /** The post, for its author only (404 unknown, 403 anyone else). */
  async editable(user: User, id: string): Promise<JournalPostRow> {
    const post = await this.repo.find(id);
    if (!post) throw new NotFoundException('There is no journal post with that id.');
    requireAuthor(user, post);
    return post;
  }

  private async values(author: User, dto: JournalPostDto): Promise<PostValues> {
    const body = dto.body_html === undefined ? undefined : sanitizeRichText(dto.body_html);
    return {
      title: dto.title?.trim(),
      body_html: body,
      excerpt: body === undefined ? undefined : richTextToPlain(body, 280),
      visibility: dto.visibility,
      embeds: dto.embeds ? await this.embeds.check(author, dto.embeds) : undefined,
    };
  }
}
