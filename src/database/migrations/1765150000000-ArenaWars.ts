import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Arena squads and wars: squads (ad hoc or a team's) with members, wars between two squads with their phases,
 * each member's lineup entry and the attacks (each an arena battle in `war` mode). Integrity flags become clusters
 * (one network, device or set of new accounts voting for one creator in a window), and design entries get an index
 * for the "may this design be unshared" question.
 */
export class ArenaWars1765150000000 implements MigrationInterface {
  name = 'ArenaWars1765150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE arena_squads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(60) NOT NULL,
        team_id uuid,
        captain_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX arena_squads_recent ON arena_squads (created_at DESC, id);

      CREATE TABLE arena_squad_members (
        squad_id uuid NOT NULL REFERENCES arena_squads(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (squad_id, user_id)
      );
      CREATE INDEX arena_squad_members_user ON arena_squad_members (user_id);

      CREATE TABLE arena_wars (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        season_id uuid NOT NULL REFERENCES arena_seasons(id) ON DELETE CASCADE,
        category varchar(32) NOT NULL,
        home_squad_id uuid NOT NULL REFERENCES arena_squads(id) ON DELETE CASCADE,
        away_squad_id uuid NOT NULL REFERENCES arena_squads(id) ON DELETE CASCADE,
        state varchar(16) NOT NULL DEFAULT 'preparation',
        attacks_per_member integer NOT NULL,
        prep_ends_at timestamptz NOT NULL,
        battle_ends_at timestamptz NOT NULL,
        closed_at timestamptz,
        result jsonb,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL,
        CHECK (home_squad_id <> away_squad_id)
      );
      CREATE INDEX arena_wars_home ON arena_wars (home_squad_id, created_at DESC);
      CREATE INDEX arena_wars_away ON arena_wars (away_squad_id, created_at DESC);
      CREATE INDEX arena_wars_recent ON arena_wars (created_at DESC, id);

      CREATE TABLE arena_war_lineup (
        war_id uuid NOT NULL REFERENCES arena_wars(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        squad varchar(4) NOT NULL,
        entry_id uuid NOT NULL REFERENCES arena_entries(id) ON DELETE CASCADE,
        PRIMARY KEY (war_id, user_id),
        UNIQUE (war_id, entry_id)
      );

      CREATE TABLE arena_war_attacks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        war_id uuid NOT NULL REFERENCES arena_wars(id) ON DELETE CASCADE,
        squad varchar(4) NOT NULL,
        attacker_id uuid NOT NULL,
        attacker_entry_id uuid NOT NULL,
        target_entry_id uuid NOT NULL,
        battle_id uuid NOT NULL REFERENCES arena_battles(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX arena_war_attacks_war ON arena_war_attacks (war_id, created_at, id);
      CREATE INDEX arena_war_attacks_attacker ON arena_war_attacks (war_id, attacker_id);
      CREATE UNIQUE INDEX arena_war_attacks_battle ON arena_war_attacks (battle_id);

      ALTER TABLE arena_flags ALTER COLUMN kind TYPE varchar(16);
      ALTER TABLE arena_flags ALTER COLUMN battle_id DROP NOT NULL;
      ALTER TABLE arena_flags ADD COLUMN creator_id uuid;
      ALTER TABLE arena_flags ADD COLUMN window_start timestamptz;
      ALTER TABLE arena_flags DROP CONSTRAINT IF EXISTS arena_flags_kind_key_battle_id_key;
      CREATE UNIQUE INDEX arena_flags_cluster ON arena_flags (kind, key, creator_id, window_start);
      CREATE INDEX arena_votes_season_cast ON arena_votes (season_id, cast_at);
      CREATE INDEX arena_entries_source ON arena_entries (source_id) WHERE kind = 'design';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS arena_entries_source;
      DROP INDEX IF EXISTS arena_votes_season_cast;
      DROP INDEX IF EXISTS arena_flags_cluster;
      DELETE FROM arena_flags WHERE battle_id IS NULL;
      ALTER TABLE arena_flags DROP COLUMN window_start, DROP COLUMN creator_id;
      ALTER TABLE arena_flags ALTER COLUMN battle_id SET NOT NULL;
      ALTER TABLE arena_flags ADD CONSTRAINT arena_flags_kind_key_battle_id_key UNIQUE (kind, key, battle_id);
      DROP TABLE IF EXISTS arena_war_attacks, arena_war_lineup, arena_wars, arena_squad_members, arena_squads;
    `);
  }
}
