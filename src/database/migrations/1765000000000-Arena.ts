import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Arena: seasons, entries (a design or a spot entered in a category, with live Elo/RD and the nightly Bradley-Terry
 * fit), creator ratings, battles between two entries, the append-only vote log (one vote per voter per pair, in log
 * order by id), queue tickets, squads and wars with their attacks, and integrity flags.
 */
export class Arena1765000000000 implements MigrationInterface {
  name = 'Arena1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE arena_seasons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'active',
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        closed_at timestamptz,
        fitted_at timestamptz,
        fit_votes integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX arena_seasons_one_active ON arena_seasons ((true)) WHERE state = 'active';
      CREATE INDEX arena_seasons_starts ON arena_seasons (starts_at DESC);

      CREATE TABLE arena_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        season_id uuid NOT NULL REFERENCES arena_seasons(id) ON DELETE CASCADE,
        category varchar(32) NOT NULL,
        kind varchar(8) NOT NULL,
        source_id uuid NOT NULL,
        creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        team_id uuid,
        title varchar(160) NOT NULL DEFAULT '',
        image varchar(500),
        link varchar(500),
        start_rating double precision NOT NULL DEFAULT 1500,
        start_rd double precision NOT NULL DEFAULT 350,
        rating double precision NOT NULL DEFAULT 1500,
        rd double precision NOT NULL DEFAULT 350,
        battles integer NOT NULL DEFAULT 0,
        last_battle_at timestamptz,
        bt_rating double precision,
        bt_lower double precision,
        bt_upper double precision,
        rank_best integer,
        rank_worst integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (season_id, kind, source_id, category)
      );
      CREATE INDEX arena_entries_board ON arena_entries (season_id, category, rating DESC);
      CREATE INDEX arena_entries_creator ON arena_entries (creator_id, season_id);

      CREATE TABLE arena_creator_ratings (
        season_id uuid NOT NULL REFERENCES arena_seasons(id) ON DELETE CASCADE,
        creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        rating double precision NOT NULL DEFAULT 1500,
        rd double precision NOT NULL DEFAULT 350,
        battles integer NOT NULL DEFAULT 0,
        last_battle_at timestamptz,
        PRIMARY KEY (season_id, creator_id)
      );
      CREATE INDEX arena_creator_board ON arena_creator_ratings (season_id, rating DESC);

      CREATE TABLE arena_battles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        season_id uuid NOT NULL REFERENCES arena_seasons(id) ON DELETE CASCADE,
        category varchar(32) NOT NULL,
        entry_a uuid NOT NULL REFERENCES arena_entries(id) ON DELETE CASCADE,
        entry_b uuid NOT NULL REFERENCES arena_entries(id) ON DELETE CASCADE,
        seed varchar(64) NOT NULL,
        mode varchar(8) NOT NULL DEFAULT 'open',
        state varchar(16) NOT NULL DEFAULT 'in_battle',
        war_attack_id uuid,
        votes_a integer NOT NULL DEFAULT 0,
        votes_b integer NOT NULL DEFAULT 0,
        votes_tie integer NOT NULL DEFAULT 0,
        votes_both_bad integer NOT NULL DEFAULT 0,
        opened_at timestamptz NOT NULL,
        closes_at timestamptz NOT NULL,
        closed_at timestamptz,
        CHECK (entry_a <> entry_b)
      );
      CREATE INDEX arena_battles_open ON arena_battles (season_id, category, state, opened_at DESC);
      CREATE INDEX arena_battles_entry_a ON arena_battles (entry_a, opened_at DESC);
      CREATE INDEX arena_battles_entry_b ON arena_battles (entry_b, opened_at DESC);

      CREATE TABLE arena_votes (
        id bigserial PRIMARY KEY,
        battle_id uuid NOT NULL REFERENCES arena_battles(id) ON DELETE CASCADE,
        season_id uuid NOT NULL,
        voter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        entry_a uuid NOT NULL,
        entry_b uuid NOT NULL,
        pair_low uuid NOT NULL,
        pair_high uuid NOT NULL,
        outcome varchar(8) NOT NULL,
        ip varchar(64),
        device varchar(64),
        excluded boolean NOT NULL DEFAULT false,
        cast_at timestamptz NOT NULL,
        UNIQUE (voter_id, pair_low, pair_high)
      );
      CREATE INDEX arena_votes_log ON arena_votes (season_id, id);
      CREATE INDEX arena_votes_battle ON arena_votes (battle_id);
      CREATE INDEX arena_votes_ip ON arena_votes (ip, cast_at);
      CREATE INDEX arena_votes_device ON arena_votes (device, cast_at);

      CREATE TABLE arena_tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        entry_id uuid NOT NULL REFERENCES arena_entries(id) ON DELETE CASCADE,
        creator_id uuid NOT NULL,
        team_id uuid,
        season_id uuid NOT NULL,
        category varchar(32) NOT NULL,
        rating double precision NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'queued',
        battle_id uuid REFERENCES arena_battles(id) ON DELETE SET NULL,
        queued_at timestamptz NOT NULL,
        matched_at timestamptz,
        ended_at timestamptz
      );
      CREATE UNIQUE INDEX arena_tickets_one_live ON arena_tickets (entry_id)
        WHERE state IN ('queued', 'matched', 'in_battle');
      CREATE INDEX arena_tickets_queue ON arena_tickets (category, state, rating) WHERE state = 'queued';
      CREATE INDEX arena_tickets_creator ON arena_tickets (creator_id, queued_at DESC);

      CREATE TABLE arena_flags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        season_id uuid NOT NULL,
        kind varchar(8) NOT NULL,
        key varchar(64) NOT NULL,
        battle_id uuid NOT NULL,
        vote_ids bigint[] NOT NULL,
        voters integer NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'open',
        reviewed_by uuid,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, key, battle_id)
      );
      CREATE INDEX arena_flags_queue ON arena_flags (state, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS arena_flags, arena_tickets, arena_votes, arena_battles,
      arena_creator_ratings, arena_entries, arena_seasons CASCADE`);
  }
}
