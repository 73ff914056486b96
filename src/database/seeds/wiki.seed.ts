import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sanitizeRichText } from '../../common/rich-text';

const ARTICLES = [
  {
    slug: 'pied-a-terre',
    title: 'Pied-à-terre',
    category: 'term',
    first: '<p>A small second home in a city, kept for short stays.</p>',
    second:
      '<p>A small second home in a city, kept for short stays rather than as a main residence.</p><p>Some cities tax them separately.</p>',
  },
  {
    slug: 'richard-neutra',
    title: 'Richard Neutra',
    category: 'architect',
    first: '<p>Austrian-American modernist architect (1892–1970).</p>',
    second:
      '<p>Austrian-American modernist architect (1892–1970).</p><ul><li>Kaufmann House, Palm Springs</li><li>Lovell Health House, Los Angeles</li></ul>',
  },
  {
    slug: 'belvedere',
    title: 'Belvedere',
    category: 'neighbourhood',
    first: '<p>A small town on the Tiburon peninsula in Marin County.</p>',
    second:
      '<p>A small town on the Tiburon peninsula in Marin County, with some of the most expensive waterfront in the Bay Area.</p>',
  },
];

/**
 * WikiLuxury demo: three articles (a term, an architect, a neighbourhood) with two revisions each, written by the
 * demo realtor, so History and Diff have something to show. Idempotent: skipped when the first article exists.
 */
export async function seedDemoWiki(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM wiki_articles WHERE slug = $1`, [ARTICLES[0].slug])).length) return;
  const [realtor] = await db.query(`SELECT id FROM users WHERE email = 'realtor@reelty.test'`);
  if (!realtor) return;
  await db.transaction(async (tx) => {
    const articles = (await tx.query(
      `INSERT INTO wiki_articles (slug, title, category, created_by, revisions_count)
       SELECT slug, title, category, $4, 2 FROM unnest($1::text[], $2::text[], $3::text[]) AS a(slug, title, category)
       RETURNING id, slug`,
      [ARTICLES.map((a) => a.slug), ARTICLES.map((a) => a.title), ARTICLES.map((a) => a.category), realtor.id],
    )) as Array<{ id: string; slug: string }>;
    const ids = new Map(articles.map((a) => [a.slug, a.id]));
    const rows = ARTICLES.flatMap((a) => [
      [ids.get(a.slug), 1, a.title, a.category, sanitizeRichText(a.first), 'Created the article', 2],
      [ids.get(a.slug), 2, a.title, a.category, sanitizeRichText(a.second), 'Added detail', 1],
    ]);
    const cols = (k: number) => rows.map((r) => r[k]);
    await tx.query(
      `INSERT INTO wiki_revisions (article_id, number, title, category, body_html, summary, author_id, created_at)
       SELECT a, n, t, c, b, s, $7, now() - make_interval(days => d)
       FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $8::int[]) AS x(a, n, t, c, b, s, d)`,
      [cols(0), cols(1), cols(2), cols(3), cols(4), cols(5), realtor.id, cols(6)],
    );
    await tx.query(
      `UPDATE wiki_articles w SET current_revision_id = r.id, updated_at = r.created_at
       FROM wiki_revisions r WHERE r.article_id = w.id AND r.number = 2 AND w.id = ANY($1::uuid[])`,
      [[...ids.values()]],
    );
  });
  logger.log('WikiLuxury demo: 3 articles with 2 revisions each');
}
