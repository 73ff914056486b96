import { Module, OnModuleInit } from '@nestjs/common';
import { JobRegistry, TimersService } from '../jobs';
import { ListingsModule } from '../listings/listings.module';
import { PeopleModule } from '../people/people.module';
import { MediaAccessRegistry } from '../storage';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { JournalController } from './journal.controller';
import { JournalEmbedsService } from './journal-embeds.service';
import { JournalInteractionsService } from './journal-interactions.service';
import { JournalPagesController } from './journal-pages.controller';
import { JournalReadService } from './journal-read.service';
import { JournalRepository } from './journal.repository';
import { JournalService } from './journal.service';
import { NOTIFY_JOB, PUBLISH_TIMER } from './journal.constants';
import { PolicyChecks } from '../policies';

/**
 * Journal: authors' posts (safe rich text, images, embedded listings and spots), private drafts, scheduled
 * publishing (a timer re-checked when it fires), followers told live on publish (a fan-out job), comments, likes,
 * flags and an Atom feed per author.
 */
@Module({
  imports: [UsersModule, PeopleModule, ListingsModule, VideoModule],
  controllers: [JournalController, JournalPagesController],
  providers: [JournalRepository, JournalService, JournalReadService, JournalEmbedsService, JournalInteractionsService],
  exports: [JournalService, JournalReadService],
})
export class JournalModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly journal: JournalService,
    private readonly read: JournalReadService,
    private readonly interactions: JournalInteractionsService,
    private readonly timers: TimersService,
    private readonly jobs: JobRegistry,
    private readonly media: MediaAccessRegistry,
  ) {}

  onModuleInit(): void {
    this.policies.define('journal-post.change', (user, id) => this.journal.editable(user, id));
    this.timers.define(PUBLISH_TIMER, (data: { postId: string }) => this.journal.onPublishTimer(data));
    this.jobs.register<{ postId: string }>('fanout', NOTIFY_JOB, { handle: (data) => this.read.notifyFollowers(data) });
    this.interactions.registerModeration();
    // journal/<author id>/<uuid>.jpg: images in posts; keys are unguessable and a published post shows them to anyone.
    this.media.register('journal/', () => true);
  }
}
