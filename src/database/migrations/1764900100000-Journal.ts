import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Journal: an author's posts (sanitised rich text, embedded listings and spots by reference), drafts, scheduled
 * publishing and comments. Reads are by author and by the public feed, newest first, keyset paged.
 */
export class Journal1764900100000 implements MigrationInterface {
  name = 'Journal1764900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE journal_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title varchar(160) NOT NULL,
        body_html text NOT NULL DEFAULT '',
        excerpt varchar(300) NOT NULL DEFAULT '',
        embeds jsonb NOT NULL DEFAULT '[]',
        visibility varchar(12) NOT NULL DEFAULT 'private' CHECK (visibility IN ('private','followers','public')),
        status varchar(12) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft','scheduled','published')),
        moderation varchar(12) NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible','pending','hidden','removed')),
        publish_at timestamptz,
        published_at timestamptz,
        notified_at timestamptz,
        comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX journal_posts_author_idx ON journal_posts (author_id, updated_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX journal_posts_author_published_idx ON journal_posts (author_id, published_at DESC, id DESC)
       WHERE status = 'published' AND moderation = 'visible'`,
    );
    await q.query(
      `CREATE INDEX journal_posts_public_idx ON journal_posts (published_at DESC, id DESC)
       WHERE status = 'published' AND moderation = 'visible' AND visibility = 'public'`,
    );
    await q.query(`
      CREATE TABLE journal_comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        post_id uuid NOT NULL REFERENCES journal_posts(id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body_html text NOT NULL,
        moderation varchar(12) NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible','pending','hidden','removed')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX journal_comments_post_idx ON journal_comments (post_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS journal_comments, journal_posts`);
  }
}
