import { Injectable, NotFoundException } from '@nestjs/common';
import { decodeCursor, keysetPageOf } from '../../common/keyset';
import { pageOf } from '../../common/pagination';
import { isBlankRichText, sanitizeRichText } from '../../common/rich-text';
import { ValidationFailedException } from '../../common/validation';
import type {
  WikiArticle,
  WikiArticlePage,
  WikiCategory,
  WikiDiff,
  WikiRevision,
  WikiRevisionPage,
  WikiTalkComment,
  WikiTalkFeed,
} from '../../contracts/wiki';
import { TRUST_GATES, TrustService } from '../community';
import { type User, UsersService } from '../users';
import type { CreateWikiArticleDto, WikiEditDto } from './dto/wiki.dto';
import { lineDiff, wikiLines } from './wiki-diff';
import { toArticleJson, toArticleSummaryJson, toRevisionJson, toTalkJson } from './wiki.mapper';
import { type ArticleRow, type RevisionRow, type RevisionValues, WikiRepository } from './wiki.repository';

export const WIKI_TALK_SIZE = 20;

/**
 * WikiLuxury: anyone reads articles, their history, diffs and talk; editing (create, edit, rollback) needs the
 * edit_wiki trust level (admins always may). Revisions are append-only: an edit or a rollback adds one.
 */
@Injectable()
export class WikiService {
  constructor(
    private readonly repo: WikiRepository,
    private readonly trust: TrustService,
    private readonly users: UsersService,
  ) {}

  async list(prefix: string | undefined, category: WikiCategory | undefined, page: number, perPage: number) {
    const [rows, total] = await this.repo.list(prefix?.trim() || null, category ?? null, (page - 1) * perPage, perPage);
    const answer: WikiArticlePage = pageOf(rows.map(toArticleSummaryJson), page, perPage, total);
    return answer;
  }

  async article(slug: string): Promise<ArticleRow> {
    const row = await this.repo.findBySlug(slug);
    if (!row) throw new NotFoundException('There is no wiki article at that address.');
    return row;
  }

  async canEdit(viewer: User | undefined): Promise<boolean> {
    return !!viewer && (await this.trust.level(viewer)) >= TRUST_GATES.edit_wiki;
  }

  async show(slug: string, viewer: User | undefined): Promise<WikiArticle> {
    const row = await this.article(slug);
    const [current, canEdit] = await Promise.all([
      this.repo.revisionById(row.current_revision_id),
      this.canEdit(viewer),
    ]);
    return toArticleJson(row, current, await this.author(current.author_id), canEdit);
  }

  /** A new article with its first revision. */
  async create(user: User, dto: CreateWikiArticleDto): Promise<WikiArticle> {
    await this.trust.assertCan(user, 'edit_wiki');
    if (await this.repo.slugTaken(dto.slug)) throw ValidationFailedException.of('slug', 'An article has this address.');
    const row = await this.repo.create(dto.slug, user.id, this.values(dto, 'Created the article'));
    return toArticleJson(row, await this.repo.revisionById(row.current_revision_id), user, true);
  }

  /** An edit is a new revision; one made from an older revision than the current answers 422 (a conflict). */
  async edit(user: User, slug: string, dto: WikiEditDto): Promise<WikiRevision> {
    await this.trust.assertCan(user, 'edit_wiki');
    const row = await this.article(slug);
    const values = this.values(dto, '');
    const current = await this.repo.revisionById(row.current_revision_id);
    if (
      current.title === values.title &&
      current.category === values.category &&
      current.body_html === values.body_html
    )
      throw ValidationFailedException.of('body_html', 'Nothing changed since the current revision.');
    const saved = await this.repo.addRevision(row.id, user.id, values, (number) => {
      if (dto.base_revision !== undefined && dto.base_revision !== number)
        throw ValidationFailedException.of(
          'base_revision',
          `Someone saved revision ${number} while you were editing: reload and apply your change again.`,
        );
    });
    return toRevisionJson(saved, user);
  }

  /** Rollback: a new revision that copies an older one (the history keeps every revision). */
  async rollback(user: User, slug: string, number: number, reason?: string): Promise<WikiRevision> {
    await this.trust.assertCan(user, 'edit_wiki');
    const row = await this.article(slug);
    const target = await this.revisionOf(row, number);
    if (target.id === row.current_revision_id)
      throw ValidationFailedException.of('revision', 'That is already the current revision.');
    const summary = `Rolled back to revision ${number}${reason?.trim() ? `: ${reason.trim()}` : ''}`.slice(0, 200);
    const saved = await this.repo.addRevision(
      row.id,
      user.id,
      { title: target.title, category: target.category, body_html: target.body_html, summary, rollback_of: number },
      () => undefined,
    );
    return toRevisionJson(saved, user);
  }

  async history(slug: string, page: number, perPage: number): Promise<WikiRevisionPage> {
    const row = await this.article(slug);
    const rows = await this.repo.revisions(row.id, (page - 1) * perPage, perPage);
    const users = await this.authors(rows.map((r) => r.author_id));
    return pageOf(
      rows.map((r) => toRevisionJson(r, users.get(r.author_id ?? ''))),
      page,
      perPage,
      row.revisions_count,
    );
  }

  /** The line diff between two revisions of one article (either order). */
  async diff(slug: string, from: number, to: number): Promise<WikiDiff> {
    const row = await this.article(slug);
    const [a, b] = await Promise.all([this.revisionOf(row, from), this.revisionOf(row, to)]);
    const lines = lineDiff(wikiLines(a.body_html), wikiLines(b.body_html));
    const users = await this.authors([a.author_id, b.author_id]);
    return {
      from: toRevisionJson(a, users.get(a.author_id ?? '')),
      to: toRevisionJson(b, users.get(b.author_id ?? '')),
      title_changed: a.title !== b.title,
      category_changed: a.category !== b.category,
      lines,
      added: lines.filter((l) => l.op === 'add').length,
      removed: lines.filter((l) => l.op === 'del').length,
    };
  }

  async talk(slug: string, cursor: string | undefined): Promise<WikiTalkFeed> {
    const row = await this.article(slug);
    const rows = await this.repo.talk(row.id, decodeCursor(cursor), WIKI_TALK_SIZE + 1);
    return keysetPageOf(rows, WIKI_TALK_SIZE, async (page) => {
      const users = await this.authors(page.map((r) => r.author_id));
      return page.map((r) => toTalkJson(r, users.get(r.author_id)));
    });
  }

  /** Anyone signed in may talk; links from accounts below trust level 1 are refused (no review queue here). */
  async addTalk(user: User, slug: string, bodyHtml: string): Promise<WikiTalkComment> {
    const row = await this.article(slug);
    const html = this.clean(bodyHtml);
    if ((await this.trust.initialState(user, html)) === 'pending')
      throw ValidationFailedException.of('body_html', 'New accounts cannot put links on talk pages yet.');
    return toTalkJson(await this.repo.addTalk(row.id, user.id, html), user);
  }

  private async revisionOf(row: ArticleRow, number: number): Promise<RevisionRow> {
    const found = number <= row.revisions_count ? await this.repo.revision(row.id, number) : null;
    if (!found) throw new NotFoundException(`This article has no revision ${number}.`);
    return found;
  }

  private values(dto: WikiEditDto, defaultSummary: string): RevisionValues {
    return {
      title: dto.title.trim(),
      category: dto.category,
      body_html: this.clean(dto.body_html),
      summary: dto.summary?.trim() || defaultSummary,
      rollback_of: null,
    };
  }

  private clean(bodyHtml: string): string {
    const html = sanitizeRichText(bodyHtml);
    if (isBlankRichText(html)) throw ValidationFailedException.of('body_html', 'Write something first.');
    return html;
  }

  private async author(id: string | null): Promise<User | undefined> {
    return id ? (await this.users.findByIds([id]))[0] : undefined;
  }

  private async authors(ids: Array<string | null>): Promise<Map<string, User>> {
    const unique = [...new Set(ids.filter((id): id is string => !!id))];
    return new Map((await this.users.findByIds(unique)).map((u) => [u.id, u]));
  }
}
