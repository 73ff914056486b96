import { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved market searches, follows, markets a user works in, and profile stats. */
export class MarketPeople1763871100000 implements MigrationInterface {
  name = 'MarketPeople1763871100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_searches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        params jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE follows (
        follower_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        followee_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_id, followee_id),
        CHECK (follower_id <> followee_id)
      )`);
    await q.query(`CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at DESC)`);
    await q.query(`CREATE INDEX follows_followee_created_idx ON follows (followee_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE markets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        city varchar(100),
        state varchar(100),
        country_code char(2),
        latitude double precision,
        longitude double precision,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX markets_name_unique ON markets (lower(name))`);
    await q.query(`
      CREATE TABLE user_markets (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        market_id uuid NOT NULL REFERENCES markets(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, market_id)
      )`);
    await q.query(`CREATE INDEX user_markets_market_idx ON user_markets (market_id)`);

    await q.query(`
      CREATE TABLE stats (
        id varchar(40) PRIMARY KEY,
        label varchar(80) NOT NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('number', 'money', 'text')),
        position smallint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      INSERT INTO stats (id, label, kind, position) VALUES
        ('years_experience', 'Years of experience', 'number', 1),
        ('homes_sold', 'Homes sold', 'number', 2),
        ('sales_volume', 'Sales volume', 'money', 3),
        ('avg_days_on_market', 'Average days on market', 'number', 4),
        ('languages', 'Languages', 'text', 5),
        ('license', 'License number', 'text', 6)`);
    await q.query(`
      CREATE TABLE user_stats (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        stat_id varchar(40) NOT NULL REFERENCES stats(id) ON DELETE CASCADE,
        value varchar(120) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, stat_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['user_stats', 'stats', 'user_markets', 'markets', 'follows', 'saved_searches']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
