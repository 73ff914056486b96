import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { TrustService } from '../community';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { JournalFeedQueryDto } from './dto/journal.dto';
import { atomFeed } from './journal-atom';
import { JournalInteractionsService } from './journal-interactions.service';
import { JournalReadService } from './journal-read.service';
import { requireAuthor } from './journal.policy';

/** Inertia pages Journal/Index, Show and Edit, and each author's Atom feed. */
@Controller('journal')
export class JournalPagesController {
  constructor(
    private readonly read: JournalReadService,
    private readonly interactions: JournalInteractionsService,
    private readonly trust: TrustService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  async index(@Query() q: JournalFeedQueryDto, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const [feed, mine] = await Promise.all([
      this.read.feed(viewer, q.cursor),
      viewer ? this.read.mine(viewer, 1, 50) : Promise.resolve(null),
    ]);
    return Inertia.render('Journal/Index', { feed, mine });
  }

  @Get('create')
  create() {
    return Inertia.render('Journal/Edit', { post: null });
  }

  /** The author's public posts as an Atom feed (readers and other sites subscribe to it). */
  @Get('authors/:handle/feed.atom')
  @Public()
  @Header('Content-Type', 'application/atom+xml; charset=utf-8')
  async atom(@Param('handle') handle: string) {
    const author = await this.read.authorByHandle(handle);
    const feed = await this.read.feed(undefined, undefined, author.id);
    const posts = await Promise.all(feed.data.map((p) => this.read.load(p.id)));
    return atomFeed(this.config.appUrl, author, posts);
  }

  @Get(':id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const post = await this.read.show(id, viewer);
    const { page, perPage } = q.window(50);
    return Inertia.render('Journal/Show', {
      post,
      comments: await this.interactions.comments(id, viewer, page, perPage),
    });
  }

  @Get(':id/edit')
  async edit(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const post = await this.read.load(id);
    requireAuthor(user, post, 'edit');
    return Inertia.render('Journal/Edit', { post: await this.read.toJson(post, user) });
  }
}
