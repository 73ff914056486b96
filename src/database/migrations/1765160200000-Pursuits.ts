import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pursuits: a user's goals ("sell 12 homes this year") with a numeric target and progress, optional milestones,
 * private or shared with one of the owner's teams. Completed when progress reaches the target.
 */
export class Pursuits1765160200000 implements MigrationInterface {
  name = 'Pursuits1765160200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pursuits (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        shared_team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
        title varchar(120) NOT NULL,
        description varchar(2000) NOT NULL DEFAULT '',
        unit varchar(30) NOT NULL DEFAULT '',
        target integer NOT NULL CHECK (target BETWEEN 1 AND 1000000000),
        progress integer NOT NULL DEFAULT 0 CHECK (progress >= 0),
        due_on date,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX pursuits_owner_idx ON pursuits (owner_id, updated_at DESC, id)`);
    await q.query(
      `CREATE INDEX pursuits_team_idx ON pursuits (shared_team_id, updated_at DESC, id) WHERE shared_team_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE pursuit_milestones (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        pursuit_id uuid NOT NULL REFERENCES pursuits(id) ON DELETE CASCADE,
        title varchar(120) NOT NULL,
        done_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX pursuit_milestones_pursuit_idx ON pursuit_milestones (pursuit_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS pursuit_milestones, pursuits`);
  }
}
