import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Societies: groups around an interest or a place, public or invite-only, with members (owner, moderator,
 * member), invitations, posts and comments. The feed is keyset paged on (created_at, id) per society.
 */
export class Society1764900200000 implements MigrationInterface {
  name = 'Society1764900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE societies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL,
        description varchar(1000) NOT NULL DEFAULT '',
        visibility varchar(12) NOT NULL DEFAULT 'public' CHECK (visibility IN ('public','invite_only')),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        members_count integer NOT NULL DEFAULT 0 CHECK (members_count >= 0),
        posts_count integer NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX societies_name_unique ON societies (lower(name))`);
    await q.query(
      `CREATE INDEX societies_public_idx ON societies (members_count DESC, id) WHERE visibility = 'public'`,
    );
    await q.query(`
      CREATE TABLE society_members (
        society_id uuid NOT NULL REFERENCES societies(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(12) NOT NULL DEFAULT 'member' CHECK (role IN ('owner','moderator','member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (society_id, user_id)
      )`);
    await q.query(`CREATE INDEX society_members_user_idx ON society_members (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE society_invites (
        society_id uuid NOT NULL REFERENCES societies(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (society_id, user_id)
      )`);
    await q.query(`
      CREATE TABLE society_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        society_id uuid NOT NULL REFERENCES societies(id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body_html text NOT NULL,
        moderation varchar(12) NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible','pending','hidden','removed')),
        comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX society_posts_feed_idx ON society_posts (society_id, created_at DESC, id DESC) WHERE moderation = 'visible'`,
    );
    await q.query(`
      CREATE TABLE society_comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        post_id uuid NOT NULL REFERENCES society_posts(id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body_html text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX society_comments_post_idx ON society_comments (post_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS society_comments, society_posts, society_invites, society_members, societies`);
  }
}
