import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WikiLuxury: articles (terms, brands, architects, neighbourhoods) with append-only revisions (an edit or a
 * rollback adds a row; the article points at its current one), and a talk page per article.
 */
export class Wiki1765260000000 implements MigrationInterface {
  name = 'Wiki1765260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wiki_articles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(80) NOT NULL UNIQUE,
        title varchar(120) NOT NULL,
        category varchar(16) NOT NULL CHECK (category IN ('term','brand','architect','neighbourhood')),
        current_revision_id uuid,
        revisions_count integer NOT NULL DEFAULT 0 CHECK (revisions_count >= 0),
        talk_count integer NOT NULL DEFAULT 0 CHECK (talk_count >= 0),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX wiki_articles_title_idx ON wiki_articles ((lower(title) COLLATE "C"), id)`);
    await q.query(
      `CREATE INDEX wiki_articles_category_title_idx ON wiki_articles (category, (lower(title) COLLATE "C"), id)`,
    );
    await q.query(`
      CREATE TABLE wiki_revisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        article_id uuid NOT NULL REFERENCES wiki_articles(id) ON DELETE CASCADE,
        number integer NOT NULL CHECK (number >= 1),
        title varchar(120) NOT NULL,
        category varchar(16) NOT NULL,
        body_html text NOT NULL,
        summary varchar(200) NOT NULL DEFAULT '',
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        rollback_of integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (article_id, number)
      )`);
    await q.query(
      `ALTER TABLE wiki_articles ADD CONSTRAINT wiki_articles_current_fk
       FOREIGN KEY (current_revision_id) REFERENCES wiki_revisions(id) DEFERRABLE INITIALLY DEFERRED`,
    );
    await q.query(`
      CREATE TABLE wiki_talk (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        article_id uuid NOT NULL REFERENCES wiki_articles(id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body_html text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX wiki_talk_article_idx ON wiki_talk (article_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS wiki_talk, wiki_revisions, wiki_articles CASCADE`);
  }
}
