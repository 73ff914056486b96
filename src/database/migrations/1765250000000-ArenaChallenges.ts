import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Arena war challenges: a squad's captain challenges another squad, whose captain accepts (the war starts in
 * preparation) or declines, or the challenge expires. Squads a last member left are kept as dissolved (their wars
 * stay in the other squad's history) and drop out of the squad list.
 */
export class ArenaChallenges1765250000000 implements MigrationInterface {
  name = 'ArenaChallenges1765250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE arena_war_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        challenger_squad_id uuid NOT NULL REFERENCES arena_squads(id) ON DELETE CASCADE,
        opponent_squad_id uuid NOT NULL REFERENCES arena_squads(id) ON DELETE CASCADE,
        category varchar(32) NOT NULL,
        prep_minutes integer NOT NULL,
        battle_minutes integer NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'pending',
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        decided_at timestamptz,
        war_id uuid REFERENCES arena_wars(id) ON DELETE SET NULL,
        CHECK (challenger_squad_id <> opponent_squad_id)
      );
      CREATE INDEX arena_war_challenges_challenger ON arena_war_challenges (challenger_squad_id, created_at DESC);
      CREATE INDEX arena_war_challenges_opponent ON arena_war_challenges (opponent_squad_id, created_at DESC);
      CREATE UNIQUE INDEX arena_war_challenges_one_pending
        ON arena_war_challenges (LEAST(challenger_squad_id, opponent_squad_id), GREATEST(challenger_squad_id, opponent_squad_id))
        WHERE state = 'pending';

      ALTER TABLE arena_squads ADD COLUMN dissolved_at timestamptz;
      CREATE INDEX arena_squads_open ON arena_squads (created_at DESC, id) WHERE dissolved_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX arena_squads_open;
      ALTER TABLE arena_squads DROP COLUMN dissolved_at;
      DROP TABLE arena_war_challenges;
    `);
  }
}
