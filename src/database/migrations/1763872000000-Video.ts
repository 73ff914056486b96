import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Video: walkthroughs, their videos, spots (a short video of a walkthrough and a listing) and video
 * lists. listing_id columns stay without a foreign key until the listings table exists (a later
 * migration adds it), so this area can ship before or after listings.
 */
export class Video1763872000000 implements MigrationInterface {
  name = 'Video1763872000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE walkthroughs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(64) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        listing_id uuid NULL,
        title varchar(160) NOT NULL DEFAULT '',
        description text NULL,
        published boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX walkthroughs_slug_unique ON walkthroughs (slug)`);
    await q.query(`CREATE INDEX walkthroughs_user_created_idx ON walkthroughs (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX walkthroughs_listing_idx ON walkthroughs (listing_id) WHERE listing_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE videos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(64) NOT NULL,
        playback_id varchar(40) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        walkthrough_id uuid NULL REFERENCES walkthroughs(id) ON DELETE SET NULL,
        position integer NOT NULL DEFAULT 0,
        title varchar(160) NOT NULL DEFAULT '',
        status varchar(16) NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'processing', 'ready', 'errored')),
        error text NULL,
        progress smallint NOT NULL DEFAULT 0,
        upload_id varchar(128) NULL,
        upload_size bigint NULL,
        upload_offset bigint NOT NULL DEFAULT 0,
        source_key varchar(255) NULL,
        source_name varchar(255) NULL,
        duration double precision NULL,
        width integer NULL,
        height integer NULL,
        poster_key varchar(255) NULL,
        manifest_key varchar(255) NULL,
        renditions jsonb NOT NULL DEFAULT '[]',
        trim_start double precision NULL,
        trim_end double precision NULL,
        cover_time double precision NULL,
        ready_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX videos_slug_unique ON videos (slug)`);
    await q.query(`CREATE UNIQUE INDEX videos_playback_id_unique ON videos (playback_id)`);
    await q.query(`CREATE UNIQUE INDEX videos_upload_id_unique ON videos (upload_id) WHERE upload_id IS NOT NULL`);
    await q.query(`CREATE INDEX videos_user_created_idx ON videos (user_id, created_at DESC)`);
    await q.query(
      `CREATE INDEX videos_walkthrough_position_idx ON videos (walkthrough_id, position) WHERE walkthrough_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE spots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(64) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        walkthrough_id uuid NOT NULL REFERENCES walkthroughs(id) ON DELETE CASCADE,
        listing_id uuid NULL,
        video_id uuid NULL REFERENCES videos(id) ON DELETE SET NULL,
        title varchar(160) NOT NULL DEFAULT '',
        caption text NULL,
        published boolean NOT NULL DEFAULT false,
        published_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX spots_slug_unique ON spots (slug)`);
    await q.query(`CREATE INDEX spots_walkthrough_idx ON spots (walkthrough_id, created_at)`);
    await q.query(`CREATE INDEX spots_listing_idx ON spots (listing_id) WHERE listing_id IS NOT NULL`);
    await q.query(`CREATE INDEX spots_video_idx ON spots (video_id) WHERE video_id IS NOT NULL`);
    await q.query(`CREATE INDEX spots_feed_idx ON spots (published_at DESC, id DESC) WHERE published`);

    await q.query(`
      CREATE TABLE video_lists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(160) NOT NULL,
        description text NULL,
        is_public boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX video_lists_user_created_idx ON video_lists (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE video_list_items (
        video_list_id uuid NOT NULL REFERENCES video_lists(id) ON DELETE CASCADE,
        video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (video_list_id, video_id)
      )`);
    await q.query(`CREATE INDEX video_list_items_order_idx ON video_list_items (video_list_id, position)`);
    await q.query(`CREATE INDEX video_list_items_video_idx ON video_list_items (video_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS video_list_items`);
    await q.query(`DROP TABLE IF EXISTS video_lists`);
    await q.query(`DROP TABLE IF EXISTS spots`);
    await q.query(`DROP TABLE IF EXISTS videos`);
    await q.query(`DROP TABLE IF EXISTS walkthroughs`);
  }
}
