import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { CurrentUser, Public } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import {
  CreateWikiArticleDto,
  WikiDiffQueryDto,
  WikiEditDto,
  WikiListQueryDto,
  WikiRollbackDto,
  WikiTalkDto,
  WikiTalkQueryDto,
} from './dto/wiki.dto';
import { WikiService } from './wiki.service';

/** WikiLuxury's JSON API under /api/wiki: articles, revisions, diffs, rollback and talk. */
@Controller('api/wiki/articles')
export class WikiController {
  constructor(
    private readonly wiki: WikiService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** Articles A to Z, by title prefix and category. */
  @Get()
  @Public()
  list(@Query() q: WikiListQueryDto) {
    const { page, perPage } = q.window(24);
    return this.wiki.list(q.q, q.category, page, perPage);
  }

  /** A new article (trust level 2 or admin). */
  @Post()
  @HttpCode(201)
  async create(@Body() body: CreateWikiArticleDto, @CurrentUser() user: User) {
    await this.limiter.hit(`wiki-create:${user.id}`, 20, 86_400);
    return { message: 'Article created', article: await this.wiki.create(user, body) };
  }

  @Get(':slug')
  @Public()
  async show(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    return { article: await this.wiki.show(slug, viewer) };
  }

  /** An edit: a new revision (trust level 2 or admin). */
  @Put(':slug')
  async edit(@Param('slug') slug: string, @Body() body: WikiEditDto, @CurrentUser() user: User) {
    await this.limiter.hit(`wiki-edit:${user.id}`, 60, 3600);
    return { message: 'Saved as a new revision', revision: await this.wiki.edit(user, slug, body) };
  }

  @Get(':slug/revisions')
  @Public()
  history(@Param('slug') slug: string, @Query() q: PageQueryDto) {
    const { page, perPage } = q.window(30);
    return this.wiki.history(slug, page, perPage);
  }

  /** The line diff between revisions `from` and `to`. */
  @Get(':slug/diff')
  @Public()
  diff(@Param('slug') slug: string, @Query() q: WikiDiffQueryDto) {
    return this.wiki.diff(slug, q.from, q.to);
  }

  /** Restores an older revision as a new one (trust level 2 or admin). */
  @Post(':slug/rollback')
  @HttpCode(201)
  async rollback(@Param('slug') slug: string, @Body() body: WikiRollbackDto, @CurrentUser() user: User) {
    await this.limiter.hit(`wiki-edit:${user.id}`, 60, 3600);
    return { message: 'Rolled back', revision: await this.wiki.rollback(user, slug, body.revision, body.reason) };
  }

  /** The talk page, newest first (keyset: pass the answer's next_cursor). */
  @Get(':slug/talk')
  @Public()
  talk(@Param('slug') slug: string, @Query() q: WikiTalkQueryDto) {
    return this.wiki.talk(slug, q.cursor);
  }

  @Post(':slug/talk')
  @HttpCode(201)
  async addTalk(@Param('slug') slug: string, @Body() body: WikiTalkDto, @CurrentUser() user: User) {
    await this.limiter.hit(`wiki-talk:${user.id}`, 20, 600);
    return { message: 'Comment posted', comment: await this.wiki.addTalk(user, slug, body.body_html) };
  }
}
