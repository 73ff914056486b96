import { Controller, Get, Param, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { CurrentUser, Public } from '../auth';
import { TrustService } from '../community';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { WikiDiffQueryDto, WikiListQueryDto } from './dto/wiki.dto';
import { WikiService } from './wiki.service';

/** WikiLuxury pages: Index, Show (article and talk), History, Diff and Edit. */
@Controller('wiki')
export class WikiPagesController {
  constructor(
    private readonly wiki: WikiService,
    private readonly trust: TrustService,
  ) {}

  @Get()
  @Public()
  async indexPage(@Query() q: WikiListQueryDto, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const { page, perPage } = q.window(24);
    const [articles, canEdit] = await Promise.all([
      this.wiki.list(q.q, q.category, page, perPage),
      this.wiki.canEdit(viewer),
    ]);
    return Inertia.render('WikiLuxury/Index', {
      articles,
      filters: { q: q.q ?? '', category: q.category ?? null },
      can_edit: canEdit,
    });
  }

  /** Writing a new article (trust level 2 or admin). */
  @Get('new')
  async newPage(@CurrentUser() user: User) {
    await this.trust.assertCan(user, 'edit_wiki');
    return Inertia.render('WikiLuxury/Edit', { article: null });
  }

  @Get(':slug')
  @Public()
  async showPage(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const article = await this.wiki.show(slug, viewer);
    return Inertia.render('WikiLuxury/Show', { article, talk: await this.wiki.talk(slug, undefined) });
  }

  @Get(':slug/history')
  @Public()
  async historyPage(@Param('slug') slug: string, @Query() q: PageQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(30);
    const article = await this.wiki.show(slug, viewer);
    return Inertia.render('WikiLuxury/History', { article, revisions: await this.wiki.history(slug, page, perPage) });
  }

  @Get(':slug/diff')
  @Public()
  async diffPage(@Param('slug') slug: string, @Query() q: WikiDiffQueryDto, @CurrentUser() viewer: User | undefined) {
    const article = await this.wiki.show(slug, viewer);
    return Inertia.render('WikiLuxury/Diff', { article, diff: await this.wiki.diff(slug, q.from, q.to) });
  }

  /** Editing an article (trust level 2 or admin). */
  @Get(':slug/edit')
  async editPage(@Param('slug') slug: string, @CurrentUser() user: User) {
    await this.trust.assertCan(user, 'edit_wiki');
    return Inertia.render('WikiLuxury/Edit', { article: await this.wiki.show(slug, user) });
  }
}
